import { CustomerApiError, messages } from "./errors";

export interface TransportOptions {
  token: string;
  /** Time one attempt may spend waiting for the upstream: for its headers and for each part of its body. */
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

export interface RawResponse<B> {
  status: number;
  body: B;
  attempts: number;
}

/**
 * Reads one attempt's body: `chunks` yields its bytes and fails past the size cap. A retry starts a new read.
 * Only the waits for the upstream count against the attempt's time budget, not the reader's own work (validating
 * and writing 50,000 records takes seconds of CPU).
 */
export type BodyReader<B> = (chunks: AsyncIterable<Uint8Array>, status: number) => Promise<B>;

const retryableStatus = new Set([502, 503, 504]);

class AttemptTimeout extends Error {}
/** The upstream could not be reached or dropped the connection: worth a retry, unlike a fault in our own code. */
class NetworkError extends Error {}

/**
 * The time an attempt may spend waiting for the upstream, spent only while a wait is in progress. A wait that runs
 * out aborts the request and fails at once, whether or not the pending read honours the abort.
 */
function waitBudget(ms: number, controller: AbortController) {
  let left = ms;
  return function waitFor<T>(promise: Promise<T>): Promise<T> {
    const started = Date.now();
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => {
          controller.abort(new AttemptTimeout());
          reject(new AttemptTimeout());
        },
        Math.max(0, left),
      );
      promise
        .then(resolve, (error: unknown) =>
          reject(
            controller.signal.aborted
              ? new AttemptTimeout()
              : new NetworkError(error instanceof Error ? error.message : String(error)),
          ),
        )
        .finally(() => {
          clearTimeout(timer);
          left -= Date.now() - started;
        });
    });
  };
}

type Wait = ReturnType<typeof waitBudget>;

async function* cappedChunks(body: ReadableStream<Uint8Array> | null, maxBytes: number, status: number, wait: Wait) {
  if (!body) return;
  const reader = body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await wait(reader.read());
      if (done) return;
      size += value.byteLength;
      if (size > maxBytes)
        throw new CustomerApiError("invalid_response", messages.tooLarge(Math.round(maxBytes / 1_048_576)), status);
      yield value;
    }
  } finally {
    // A read that stopped early (too large, bad data) lets go of the connection; after the end this does nothing.
    await reader.cancel().catch(() => undefined);
  }
}

/** The whole body as one string (a flat one, which JSON.parse reads fastest). */
export const readText: BodyReader<string> = async (chunks) => {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts).toString("utf8");
};

type Attempt<B> = { status: number; retry: true } | { status: number; retry: false; body: B };

async function attempt<B>(
  url: URL,
  options: TransportOptions,
  budgetMs: number,
  read: BodyReader<B>,
): Promise<Attempt<B>> {
  const controller = new AbortController();
  const wait = waitBudget(budgetMs, controller);
  const response = await wait(
    options.fetch(url, {
      method: "GET",
      headers: { Authorization: `Bearer ${options.token}`, Accept: "application/json" },
      redirect: "error",
      cache: "no-store",
      signal: controller.signal,
    }),
  );
  if (retryableStatus.has(response.status)) {
    // Retried or reported by status alone: the body is not worth reading.
    await response.body?.cancel().catch(() => undefined);
    return { status: response.status, retry: true };
  }
  const chunks = cappedChunks(response.body, options.maxBodyBytes, response.status, wait);
  return { status: response.status, retry: false, body: await read(chunks, response.status) };
}

/**
 * GET with a per-attempt time budget and overall deadline, and jittered retries of network errors, timeouts and
 * 502/503/504; 4xx is never retried, and an error of the reader's own is passed on as it is.
 */
export async function getWithRetries<B>(
  url: URL,
  options: TransportOptions,
  read: BodyReader<B>,
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
      if (!result.retry) return { status: result.status, body: result.body, attempts: attemptNo + 1 };
      lastError = new CustomerApiError("upstream_failure", messages.upstreamStatus(result.status), result.status);
    } catch (error) {
      if (error instanceof AttemptTimeout) lastError = new CustomerApiError("timeout", messages.timeout(budget));
      else if (error instanceof NetworkError)
        lastError = new CustomerApiError("upstream_failure", messages.unreachable);
      else throw error;
    }
  }
  throw lastError;
}
