import { idSchema } from "../values/ids";
import { CustomerApiError, messages } from "./errors";
import type { Collected, ListCollector } from "./list-collector";
import { jsonReader, listReader } from "./read-body";
import { fundListSchema, fundSchema, investorListSchema, investorSchema } from "./schemas";
import type { Fund, Investor } from "./schemas";
import { createBreaker, type BreakerOptions } from "./breaker";
import { maskSecretsInPlace } from "./mask";
import { callPolicy, getWithRetries, readText, type BodyReader, type TransportOptions } from "./transport";

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
  /** The whole list; `masked`: every record masked in place as it is read (shared only with masked readers). */
  listInvestors(fundId: string, options?: { masked?: boolean }): Promise<Investor[]>;
  /** The fund's investors handed to a collector one by one as they are read; not shared with other callers. */
  collectInvestors<R>(fundId: string, collect: () => ListCollector<Investor, R>): Promise<Collected<R>>;
  getInvestor(fundId: string, investorId: string): Promise<Investor>;
}

type Operation = "fund" | "investor";

const maskAll = (investors: Investor[]) => investors.map(maskSecretsInPlace);

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
    retryDelayMs: options.retryDelayMs ?? 200,
  };
  const base = options.baseUrl.replace(/\/+$/, "");
  const inFlight = new Map<string, Promise<unknown>>();
  const guarded = createBreaker({ threshold: 5, cooldownMs: 15_000, ...options.breaker });
  const policy = callPolicy(transport);

  type Outcome<T> = { ok: true; value: T } | { ok: false; text: string };

  async function call<T>(path: string, read: BodyReader<T>, operation: Operation) {
    const url = new URL(`${base}/customerapi${path}`);
    const { status, body } = await getWithRetries<Outcome<T>>(url, transport, policy, async (chunks, status) =>
      status === 200
        ? { ok: true, value: await read(chunks, status) }
        : { ok: false, text: await readText(chunks, status) },
    );
    if (status === 401) throw new CustomerApiError("token_rejected", messages.tokenRejected, status);
    if (status === 404) throw errorFor404(body.ok ? "" : body.text, operation);
    if (!body.ok) throw new CustomerApiError("upstream_failure", messages.upstreamStatus(status), status);
    return { data: body.value, status };
  }

  async function reported<T>(pending: Promise<{ data: T; status: number }>): Promise<T> {
    try {
      const { data, status } = await pending;
      options.onUpstreamStatus?.(status);
      return data;
    } catch (error) {
      options.onUpstreamStatus?.(error instanceof CustomerApiError ? error.upstreamStatus : undefined);
      throw error;
    }
  }

  // Identical calls in flight share one upstream request; nothing is cached once it settles.
  function shared<T>(path: string, read: BodyReader<T>, operation: Operation, key = path): Promise<T> {
    let pending = inFlight.get(key) as ReturnType<typeof call<T>> | undefined;
    if (!pending) {
      pending = guarded(() => call(path, read, operation)).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return reported(pending);
  }

  const investorsPath = (fundId: string) => `/funds/${checkId(fundId, "Fund id")}/investors`;

  return {
    listFunds: () => shared("/funds", jsonReader(fundListSchema), "fund"),
    getFund: async (fundId) => shared(`/funds/${checkId(fundId, "Fund id")}`, jsonReader(fundSchema), "fund"),
    // Read whole, as one JSON.parse (faster than record by record), for the whole-list route and sensitive views.
    listInvestors: async (fundId, { masked = false } = {}) => {
      const path = investorsPath(fundId);
      if (!masked) return shared(path, jsonReader(investorListSchema), "fund");
      return shared(path, jsonReader(investorListSchema, maskAll), "fund", `${path}#masked`);
    },
    collectInvestors: async (fundId, collect) =>
      reported(guarded(() => call(investorsPath(fundId), listReader(investorSchema, collect), "fund"))),
    getInvestor: async (fundId, investorId) =>
      shared(
        `/funds/${checkId(fundId, "Fund id")}/investors/${checkId(investorId, "Investor id")}`,
        jsonReader(investorSchema),
        "investor",
      ),
  };
}
