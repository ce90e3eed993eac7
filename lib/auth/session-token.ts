import { EncryptJWT, jwtDecrypt } from "jose";

export interface SessionUser {
  /** The person's email: what audit lines name. */
  email: string;
  name?: string;
  /** Session id, so a signed-out session can be refused until it would have expired. */
  sid: string;
}

export const SESSION_COOKIE = "fe_session";

const revoked = new Map<string, number>();

async function keyFrom(secret: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret)));
}

/** An encrypted (A256GCM), expiring session token: the cookie carries it, nothing server-side is needed. */
export async function sealSession(user: Omit<SessionUser, "sid">, secret: string, ttlSeconds: number): Promise<string> {
  return new EncryptJWT({ email: user.email, name: user.name })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setJti(crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .encrypt(await keyFrom(secret));
}

/** The user of a session token, or null when it is missing, forged, expired or signed out. */
export async function openSession(token: string | undefined, secret: string): Promise<SessionUser | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtDecrypt(token, await keyFrom(secret), { keyManagementAlgorithms: ["dir"] });
    if (typeof payload.email !== "string" || typeof payload.jti !== "string" || revoked.has(payload.jti)) return null;
    return { email: payload.email, name: typeof payload.name === "string" ? payload.name : undefined, sid: payload.jti };
  } catch {
    return null;
  }
}

/** Refuses a session from now on (sign-out); entries are dropped once the token would have expired anyway. */
export function revokeSession(sid: string, ttlSeconds: number): void {
  const now = Date.now();
  for (const [id, until] of revoked) if (until < now) revoked.delete(id);
  revoked.set(sid, now + ttlSeconds * 1000);
}
