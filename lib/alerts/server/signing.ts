import "server-only";
import { createHmac } from "node:crypto";

// The Standard Webhooks scheme (standardwebhooks.com): `webhook-id` (the same on every retry), `webhook-timestamp`
// (seconds) and `webhook-signature`: `v1,` and base64 of HMAC-SHA256 over `id.timestamp.body`, keyed by the
// secret's bytes (base64 after `whsec_`); several signatures, space-separated, while a secret is rotated.

/** One `v1,` signature of a message. */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The three headers of a message, signed by each secret (the newest first). */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((secret) => signature(secret, id, timestamp, body)).join(" "),
  };
}
