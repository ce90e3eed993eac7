import { EncryptJWT, jwtDecrypt } from "jose";
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

/** The user a token was sealed for, or null when it is missing, forged or expired (revocation is checked apart). */
export async function openSession(token: string | undefined, secret: string): Promise<SessionUser | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtDecrypt(token, await sessionKeyFrom(secret), { keyManagementAlgorithms: ["dir"] });
    const { email, name, jti, method, iat_ms: issuedAt } = payload;
    if (typeof email !== "string" || typeof jti !== "string" || typeof issuedAt !== "number") return null;
    if (method !== "local" && method !== "oidc") return null;
    return { email, name: typeof name === "string" ? name : undefined, sid: jti, method, issuedAt };
  } catch {
    return null;
  }
}
