import { ExponentialBackoff, handleType, retry, TaskCancelledError, timeout, TimeoutStrategy, wrap } from "cockatiel";
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
  /** First retry's delay before jitter (ms); later ones grow exponentially. */
  retryDelayMs: number;
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

const decoder = new TextDecoder("utf-8", { ignoreBOM: true }); // a BOM is kept, and JSON.parse refuses it

/** The whole body as one string (a flat one, which JSON.parse reads fastest; decoded faster than Buffer's). */
export const readText: BodyReader<string> = async (chunks) => {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return decoder.decode(Buffer.concat(parts));
};

/** A failed attempt worth another: a network error, a wait that ran out, or a 502/503/504. */
class Retryable extends Error {
  constructor(readonly failure: CustomerApiError) {
    super(failure.message);
  }
}

async function attempt<B>(
  url: URL,
  options: TransportOptions,
  budgetMs: number,
  read: BodyReader<B>,
  deadline: AbortSignal,
) {
  const controller = new AbortController();
  const wait = waitBudget(budgetMs, controller);
  try {
    const response = await wait(
      options.fetch(url, {
        method: "GET",
        headers: { Authorization: `Bearer ${options.token}`, Accept: "application/json" },
        redirect: "error",
        cache: "no-store",
        signal: AbortSignal.any([controller.signal, deadline]),
      }),
    );
    if (retryableStatus.has(response.status)) {
      // Retried or reported by status alone: the body is not worth reading.
      await response.body?.cancel().catch(() => undefined);
      throw new Retryable(
        new CustomerApiError("upstream_failure", messages.upstreamStatus(response.status), response.status),
      );
    }
    const chunks = cappedChunks(response.body, options.maxBodyBytes, response.status, wait);
    return { status: response.status, body: await read(chunks, response.status) };
  } catch (error) {
    if (error instanceof AttemptTimeout)
      throw new Retryable(new CustomerApiError("timeout", messages.timeout(budgetMs)));
    if (error instanceof NetworkError)
      throw new Retryable(new CustomerApiError("upstream_failure", messages.unreachable));
    throw error;
  }
}

/**
 * The call's policy (cockatiel): jittered exponential retries of what is Retryable, all within the overall deadline.
 * The per-attempt budget stays our own (waitBudget): cockatiel's timeouts count wall time, and reading 50,000
 * records spends seconds of our own CPU that must not count against the upstream.
 */
export function callPolicy(options: Pick<TransportOptions, "retries" | "deadlineMs" | "retryDelayMs">) {
  const retries = retry(handleType(Retryable), {
    maxAttempts: options.retries,
    backoff: new ExponentialBackoff({ initialDelay: options.retryDelayMs, maxDelay: 5_000 }),
  });
  return wrap(timeout(options.deadlineMs, TimeoutStrategy.Aggressive), retries);
}

export type CallPolicy = ReturnType<typeof callPolicy>;

/**
 * GET with a per-attempt time budget and an overall deadline, retrying network errors, timeouts and 502/503/504;
 * 4xx is never retried, and an error of the reader's own is passed on as it is.
 */
export async function getWithRetries<B>(
  url: URL,
  options: TransportOptions,
  policy: CallPolicy,
  read: BodyReader<B>,
): Promise<RawResponse<B>> {
  const deadlineAt = Date.now() + options.deadlineMs;
  let attempts = 0;
  try {
    return await policy.execute(async ({ signal }) => {
      attempts += 1;
      const budget = Math.max(0, Math.min(options.timeoutMs, deadlineAt - Date.now()));
      return { ...(await attempt(url, options, budget, read, signal)), attempts };
    });
  } catch (error) {
    if (error instanceof Retryable) throw error.failure;
    if (error instanceof TaskCancelledError)
      throw new CustomerApiError("timeout", messages.timeout(options.deadlineMs));
    throw error;
  }
}
