import { EncryptJWT, jwtDecrypt } from "jose";
import { LRUCache } from "lru-cache";
import { processWide } from "../server/process-wide";
import { sessionKeyFrom } from "./session-key.mjs";

import type { Identity, SignInMethod } from "../access/types";

export type { SignInMethod };

export interface SessionUser extends Identity {
  /** Session id, so a signed-out session can be refused until it would have expired; "" without a session. */
  sid: string;
  /** When the session was opened (ms), so revoking a person ends every session opened before. */
  issuedAt: number;
}

/**
 * An encrypted (A256GCM), expiring session token: the cookie carries it. Its id and opening time are drawn here
 * unless given (a single sign-on session's grant is kept under its id).
 */
export async function sealSession(
  user: Pick<SessionUser, "email" | "name" | "method"> & Partial<Pick<SessionUser, "sid" | "issuedAt">>,
  secret: string,
  ttlSeconds: number,
): Promise<string> {
  const issuedAt = user.issuedAt ?? Date.now();
  return new EncryptJWT({ email: user.email, name: user.name, method: user.method, iat_ms: issuedAt })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setJti(user.sid ?? crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .encrypt(await sessionKeyFrom(secret));
}

// A request's cookie is opened by proxy.ts and again by its page or route (separate bundles, so held process-wide):
// decrypting was 3.6 % of an instance's CPU under the many-people load. Used only until the token's own expiry.
const opened = () =>
  processWide("opened-sessions", () => new LRUCache<string, { user: SessionUser; expiresAt: number }>({ max: 10_000 }));

async function decrypt(token: string, secret: string): Promise<{ user: SessionUser; expiresAt: number } | null> {
  try {
    const { payload } = await jwtDecrypt(token, await sessionKeyFrom(secret), { keyManagementAlgorithms: ["dir"] });
    const { email, name, jti, method, iat_ms: issuedAt, exp } = payload;
    if (typeof email !== "string" || typeof jti !== "string" || typeof issuedAt !== "number") return null;
    if ((method !== "local" && method !== "oidc") || typeof exp !== "number") return null;
    const user: SessionUser = { email, name: typeof name === "string" ? name : undefined, sid: jti, method, issuedAt };
    return { user, expiresAt: exp * 1_000 };
  } catch {
    return null;
  }
}

/** The user a token was sealed for, or null when it is missing, forged or expired (revocation is checked apart). */
export async function openSession(token: string | undefined, secret: string): Promise<SessionUser | null> {
  if (!token) return null;
  const key = `${secret.length}:${secret}:${token}`;
  // A forged or broken token is never held: guessing must not fill the cache.
  let entry = opened().get(key) ?? null;
  if (!entry) {
    entry = await decrypt(token, secret);
    if (entry) opened().set(key, entry);
  }
  return entry && entry.expiresAt > Date.now() ? entry.user : null;
}
