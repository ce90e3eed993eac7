import "server-only";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { checkedAddresses, guardedLookup, hostOf, isTrusted, RefusedWebhook, type Resolver } from "./addresses";
import { retryAfterMs } from "./retry";

// One webhook attempt: a POST on a connection of its own whose address is checked as it connects (a name that
// resolves elsewhere since it was saved is refused before any byte is sent), redirects not followed, only 2xx a
// success, 410 the receiver saying it is gone. What is logged or kept of a failure never holds the URL.

export interface WebhookResult {
  outcome: "delivered" | "gone" | "retry";
  status: number | null;
  /** The receiver's Retry-After, in ms. */
  retryAfter: number | null;
  /** Why it failed, in words that name no URL: "HTTP 500", "timeout", "refused: a loopback address". */
  reason: string | null;
}

const timeoutMs = 10_000;
const maxResponseBytes = 64 * 1024;

/** Posts a signed body to a webhook, checking its address again on this connection. */
export async function postWebhook(input: {
  url: string;
  body: string;
  headers: Record<string, string>;
  resolver: Resolver;
  now: () => number;
}): Promise<WebhookResult> {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return { outcome: "retry", status: null, retryAfter: null, reason: "refused: not a URL" };
  }
  const trusted = isTrusted(url);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && trusted))
    return { outcome: "retry", status: null, retryAfter: null, reason: "refused: not https" };
  if (!trusted && isIP(hostOf(url))) {
    try {
      await checkedAddresses(hostOf(url), input.resolver);
    } catch (error) {
      return { outcome: "retry", status: null, retryAfter: null, reason: `refused: ${(error as Error).message}` };
    }
  }
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<WebhookResult>((resolve) => {
    const request = send(
      url,
      {
        method: "POST",
        // A connection of its own: the lookup (and its check) runs for every attempt.
        agent: false,
        lookup: trusted ? undefined : guardedLookup(input.resolver),
        timeout: timeoutMs,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(input.body),
          "user-agent": "FundExplorer-Alerts/1",
          ...input.headers,
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > maxResponseBytes) response.destroy();
        });
        const done = () => {
          if (status >= 200 && status < 300) resolve({ outcome: "delivered", status, retryAfter: null, reason: null });
          else
            resolve({
              outcome: status === 410 ? "gone" : "retry",
              status,
              retryAfter: retryAfterMs(response.headers["retry-after"], input.now()),
              reason: `HTTP ${status}`,
            });
        };
        response.on("end", done);
        response.on("close", done);
        response.on("error", done);
      },
    );
    request.on("timeout", () => request.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })));
    request.on("error", (error: NodeJS.ErrnoException) => {
      const reason =
        error.code === "EREFUSEDADDRESS"
          ? `refused: ${error.message}`
          : error.code === "ETIMEDOUT"
            ? "timeout"
            : (error.code ?? "the connection failed");
      resolve({ outcome: "retry", status: null, retryAfter: null, reason });
    });
    request.end(input.body);
  });
}

export { RefusedWebhook };
