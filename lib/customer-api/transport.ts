import { CustomerApiError, messages } from "./errors";

export interface TransportOptions {
  token: string;
  /** Time allowed for one attempt, headers and body. */
  timeoutMs: number;
  /** Time allowed for the whole call, retries included. */
  deadlineMs: number;
  /** Retries after the first attempt, on network errors, timeouts and 502/503/504 only. */
  retries: number;
  maxBodyBytes: number;
  fetch: typeof fetch;
  random: () => number;
  sleep: (ms: number) => Promise<void>;
}

export interface RawResponse {
  status: number;
  body: string;
  attempts: number;
}

const retryableStatus = new Set([502, 503, 504]);

class AttemptTimeout extends Error {}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new CustomerApiError(
        "invalid_response",
        messages.tooLarge(Math.round(maxBytes / 1_048_576)),
        response.status,
      );
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString("utf8");
}

async function attempt(url: URL, options: TransportOptions, budgetMs: number) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new AttemptTimeout()), budgetMs);
  try {
    const response = await options.fetch(url, {
      method: "GET",
      headers: { Authorization: `Bearer ${options.token}`, Accept: "application/json" },
      redirect: "error",
      cache: "no-store",
      signal: controller.signal,
    });
    const body = await readCapped(response, options.maxBodyBytes);
    return { status: response.status, body };
  } catch (error) {
    if (error instanceof CustomerApiError) throw error;
    if (controller.signal.aborted) throw new AttemptTimeout();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** GET with per-attempt timeout, overall deadline and jittered retries; 4xx is never retried. */
export async function getWithRetries(url: URL, options: TransportOptions): Promise<RawResponse> {
  const deadline = Date.now() + options.deadlineMs;
  let lastError: CustomerApiError = new CustomerApiError("timeout", messages.timeout(options.deadlineMs));
  for (let attemptNo = 0; attemptNo <= options.retries; attemptNo++) {
    if (attemptNo > 0) {
      const backoff = 200 * 2 ** (attemptNo - 1) * (0.5 + options.random());
      if (Date.now() + backoff >= deadline) break;
      await options.sleep(backoff);
    }
    const budget = Math.min(options.timeoutMs, deadline - Date.now());
    if (budget <= 0) break;
    try {
      const result = await attempt(url, options, budget);
      if (!retryableStatus.has(result.status)) return { ...result, attempts: attemptNo + 1 };
      lastError = new CustomerApiError("upstream_failure", messages.upstreamStatus(result.status), result.status);
    } catch (error) {
      if (error instanceof CustomerApiError) throw error;
      lastError =
        error instanceof AttemptTimeout
          ? new CustomerApiError("timeout", messages.timeout(budget))
          : new CustomerApiError("upstream_failure", messages.unreachable);
    }
  }
  throw lastError;
}
