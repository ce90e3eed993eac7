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

export interface RawResponse<B = string> {
  status: number;
  body: B;
  attempts: number;
}

/**
 * Reads one attempt's body, within that attempt's time budget; `chunks` yields the body's bytes and fails once
 * they pass the size cap. A retry starts a new read from scratch.
 */
export type BodyReader<B> = (status: number, chunks: AsyncIterable<Uint8Array>) => Promise<B>;

const retryableStatus = new Set([502, 503, 504]);

class AttemptTimeout extends Error {}

async function* cappedChunks(response: Response, maxBytes: number): AsyncGenerator<Uint8Array> {
  if (!response.body) return;
  const reader = response.body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > maxBytes) {
        throw new CustomerApiError("invalid_response", messages.tooLarge(Math.round(maxBytes / 1_048_576)), response.status);
      }
      yield value;
    }
  } finally {
    // A read that stopped early (too large, bad data) lets go of the connection; after the end this does nothing.
    await reader.cancel().catch(() => undefined);
  }
}

/** The whole body as one string (a flat one, which JSON.parse reads fastest). */
export const readText: BodyReader<string> = async (_status, chunks) => {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts).toString("utf8");
};

async function attempt<B>(url: URL, options: TransportOptions, budgetMs: number, read: BodyReader<B>) {
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
    if (retryableStatus.has(response.status)) {
      // Retried or reported by status alone: the body is not worth reading.
      await response.body?.cancel().catch(() => undefined);
      return { status: response.status, body: undefined };
    }
    return { status: response.status, body: await read(response.status, cappedChunks(response, options.maxBodyBytes)) };
  } catch (error) {
    if (error instanceof CustomerApiError) throw error;
    if (controller.signal.aborted) throw new AttemptTimeout();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** GET with per-attempt timeout, overall deadline and jittered retries; 4xx is never retried. */
export async function getWithRetries<B = string>(
  url: URL,
  options: TransportOptions,
  read: BodyReader<B> = readText as BodyReader<B>,
): Promise<RawResponse<B>> {
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
      const result = await attempt(url, options, budget, read);
      if (!retryableStatus.has(result.status)) return { status: result.status, body: result.body as B, attempts: attemptNo + 1 };
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
