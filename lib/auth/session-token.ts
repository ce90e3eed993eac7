import { EncryptJWT, jwtDecrypt } from "jose";
import { LRUCache } from "lru-cache";
import { sessionKeyFrom } from "./session-key.mjs";

export type SignInMethod = "local" | "oidc" | "proxy" | "demo" | "system";

export interface SessionUser {
  /** The person's email: what audit lines name. */
  email: string;
  name?: string;
  /** Session id, so a signed-out session can be refused until it would have expired; "" without a session. */
  sid: string;
  method: SignInMethod;
  /** When the session was opened (ms), so revoking a person ends every session opened before. */
  issuedAt: number;
}

/** An encrypted (A256GCM), expiring session token: the cookie carries it, nothing server-side is needed. */
export async function sealSession(
  user: Pick<SessionUser, "email" | "name" | "method">,
  secret: string,
  ttlSeconds: number,
): Promise<string> {
  return new EncryptJWT({ email: user.email, name: user.name, method: user.method, iat_ms: Date.now() })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setJti(crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .encrypt(await sessionKeyFrom(secret));
}

// A request's cookie is opened by proxy.ts and again by its page or route: decrypting was 3.6 % of an instance's CPU
// under the many-people load. Keyed by secret and token; an entry is used only until the token's own expiry.
const opened = new LRUCache<string, { user: SessionUser | null; expiresAt: number }>({ max: 10_000, ttl: 60_000 });

async function decrypt(token: string, secret: string): Promise<{ user: SessionUser | null; expiresAt: number }> {
  try {
    const { payload } = await jwtDecrypt(token, await sessionKeyFrom(secret), { keyManagementAlgorithms: ["dir"] });
    const { email, name, jti, method, iat_ms: issuedAt, exp } = payload;
    const expiresAt = typeof exp === "number" ? exp * 1_000 : 0;
    if (typeof email !== "string" || typeof jti !== "string" || typeof issuedAt !== "number")
      return { user: null, expiresAt };
    if (method !== "local" && method !== "oidc") return { user: null, expiresAt };
    return {
      user: { email, name: typeof name === "string" ? name : undefined, sid: jti, method, issuedAt },
      expiresAt,
    };
  } catch {
    return { user: null, expiresAt: 0 };
  }
}

/** The user a token was sealed for, or null when it is missing, forged or expired (revocation is checked apart). */
export async function openSession(token: string | undefined, secret: string): Promise<SessionUser | null> {
  if (!token) return null;
  const key = `${secret.length}:${secret}:${token}`;
  let entry = opened.get(key);
  if (!entry) {
    entry = await decrypt(token, secret);
    // A forged or broken token is not held: guessing must not fill the cache.
    if (entry.user) opened.set(key, entry);
  }
  return entry.user && entry.expiresAt > Date.now() ? entry.user : null;
}
