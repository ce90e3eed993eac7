import type { z } from "zod";
import { idSchema } from "../ids";
import { CustomerApiError, messages } from "./errors";
import { fundListSchema, fundSchema, investorListSchema, investorSchema } from "./schemas";
import type { Fund, Investor } from "./schemas";
import { createBreaker, type BreakerOptions } from "./breaker";
import { getWithRetries, type TransportOptions } from "./transport";

export interface CustomerApiClientOptions extends Partial<Omit<TransportOptions, "token">> {
  /** Upstream origin, optionally with a path prefix; `/customerapi/...` is appended. */
  baseUrl: string;
  token: string;
  /** Told the upstream's final status of every call, for request logs. */
  onUpstreamStatus?: (status: number | undefined) => void;
  breaker?: Partial<BreakerOptions>;
}

export interface CustomerApiClient {
  listFunds(): Promise<Fund[]>;
  getFund(fundId: string): Promise<Fund>;
  listInvestors(fundId: string): Promise<Investor[]>;
  getInvestor(fundId: string, investorId: string): Promise<Investor>;
}

type Operation = "fund" | "investor";

function checkId(value: string, name: string): string {
  if (!idSchema.safeParse(value).success) throw new CustomerApiError("bad_request", messages.badId(name));
  return encodeURIComponent(value);
}

function errorFor404(body: string, operation: Operation): CustomerApiError {
  let said: unknown;
  try {
    said = (JSON.parse(body) as { error?: unknown }).error;
  } catch {
    said = undefined;
  }
  // Listing or reading an investor of an unavailable fund answers "Fund not available".
  if (said === "Fund not available" || operation === "fund") {
    return new CustomerApiError("fund_not_found", messages.fundNotFound, 404);
  }
  return new CustomerApiError("investor_not_found", messages.investorNotFound, 404);
}

export function createCustomerApiClient(options: CustomerApiClientOptions): CustomerApiClient {
  const transport: TransportOptions = {
    token: options.token,
    timeoutMs: options.timeoutMs ?? 10_000,
    deadlineMs: options.deadlineMs ?? 15_000,
    retries: options.retries ?? 2,
    maxBodyBytes: options.maxBodyBytes ?? 256 * 1_048_576,
    fetch: options.fetch ?? globalThis.fetch,
    random: options.random ?? Math.random,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  };
  const base = options.baseUrl.replace(/\/+$/, "");
  const inFlight = new Map<string, Promise<unknown>>();
  const guarded = createBreaker({ threshold: 5, cooldownMs: 15_000, ...options.breaker });

  async function call<T>(path: string, schema: z.ZodType<T>, operation: Operation) {
    const url = new URL(`${base}/customerapi${path}`);
    const { status, body } = await getWithRetries(url, transport);
    if (status === 401) throw new CustomerApiError("token_rejected", messages.tokenRejected, status);
    if (status === 404) throw errorFor404(body, operation);
    if (status !== 200) throw new CustomerApiError("upstream_failure", messages.upstreamStatus(status), status);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new CustomerApiError("invalid_response", messages.notJson, status);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new CustomerApiError("invalid_response", messages.wrongShape, status);
    return { data: parsed.data, status };
  }

  // Identical calls in flight share one upstream request; nothing is cached once it settles.
  async function shared<T>(path: string, schema: z.ZodType<T>, operation: Operation): Promise<T> {
    let pending = inFlight.get(path) as ReturnType<typeof call<T>> | undefined;
    if (!pending) {
      pending = guarded(() => call(path, schema, operation)).finally(() => inFlight.delete(path));
      inFlight.set(path, pending);
    }
    try {
      const { data, status } = await pending;
      options.onUpstreamStatus?.(status);
      return data;
    } catch (error) {
      options.onUpstreamStatus?.(error instanceof CustomerApiError ? error.upstreamStatus : undefined);
      throw error;
    }
  }

  return {
    listFunds: () => shared("/funds", fundListSchema, "fund"),
    getFund: async (fundId) => shared(`/funds/${checkId(fundId, "Fund id")}`, fundSchema, "fund"),
    listInvestors: async (fundId) =>
      shared(`/funds/${checkId(fundId, "Fund id")}/investors`, investorListSchema, "fund"),
    getInvestor: async (fundId, investorId) =>
      shared(
        `/funds/${checkId(fundId, "Fund id")}/investors/${checkId(investorId, "Investor id")}`,
        investorSchema,
        "investor",
      ),
  };
}
