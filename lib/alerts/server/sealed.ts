import "server-only";
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { deploymentSecret } from "../../server/deployment-secret";
import { serverEnv } from "../../server/env";
import { processWide } from "../../server/process-wide";

// Alerts' keys: webhook URLs and signing secrets are sealed (AES-256-GCM) before the store sees them, and unsubscribe
// links are signed (HMAC). Both keys are derived from ALERTS_SECRET_KEY, else from the deployment's own key.

function keys() {
  return processWide("alerts-keys", () => {
    const configured = serverEnv().ALERTS_SECRET_KEY;
    const root = configured ? Buffer.from(configured) : deploymentSecret();
    const derive = (info: string) => Buffer.from(hkdfSync("sha256", root, "fund-explorer alerts", info, 32));
    return { seal: derive("sealed at rest"), links: derive("unsubscribe links") };
  });
}

/** Text sealed for the store: `v1.` and base64url of the nonce, the tag and the ciphertext. */
export function seal(text: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keys().seal, nonce);
  const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return `v1.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/** The text a seal holds; throws when it was sealed under another key or altered. */
export function unseal(sealed: string): string {
  if (!sealed.startsWith("v1.")) throw new Error("not a sealed value");
  const bytes = Buffer.from(sealed.slice(3), "base64url");
  const decipher = createDecipheriv("aes-256-gcm", keys().seal, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
}

/** A new Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

const linkMac = (subscriptionId: string) =>
  createHmac("sha256", keys().links).update(`unsubscribe\u0000${subscriptionId}`).digest().subarray(0, 24);

/** The token of a subscription's one-click unsubscribe link. */
export function unsubscribeToken(subscriptionId: string): string {
  return linkMac(subscriptionId).toString("base64url");
}

/** Whether a link's token is this subscription's. */
export function validUnsubscribeToken(subscriptionId: string, token: string): boolean {
  const given = Buffer.from(token, "base64url");
  const expected = linkMac(subscriptionId);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A new random id with a prefix: `sub_…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(15).toString("base64url")}`;
}
