import "server-only";
import { CustomerApiError, messages } from "./errors";
import { callPolicy, getWithRetries, type TransportOptions } from "./transport";
import { getUpstream } from "./upstream";

/**
 * Whether the upstream answers: one GET /customerapi/funds (the spec's only call without an id), one attempt, no
 * retry, within `timeoutMs`, outside the breaker and the in-flight sharing. Only its status and first bytes are
 * read, then the connection is let go, so a large fund list costs the upstream its start and us almost nothing.
 */
export async function probeFunds(source: string, timeoutMs: number): Promise<void> {
  const { baseUrl, token } = await getUpstream(source);
  const options: TransportOptions = {
    token,
    timeoutMs,
    deadlineMs: timeoutMs,
    retries: 0,
    maxBodyBytes: 1_048_576,
    fetch: globalThis.fetch,
    retryDelayMs: 0,
  };
  const url = new URL(`${baseUrl.replace(/\/+$/, "")}/customerapi/funds`);
  const { status } = await getWithRetries(url, options, callPolicy(options), async (chunks) => {
    const reader = chunks[Symbol.asyncIterator]();
    await reader.next();
    await reader.return?.();
  });
  if (status === 401) throw new CustomerApiError("token_rejected", messages.tokenRejected, status);
  if (status !== 200) throw new CustomerApiError("upstream_failure", messages.upstreamStatus(status), status);
}
