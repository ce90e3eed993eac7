import "server-only";
import { serverEnv } from "../server/env";
import { servedOverHttps } from "../server/public-url";
import { isRevoked } from "./revocation";
import { openSession, type SessionUser } from "./session-token";
import { localUsers } from "./users";

/** `__Host-` makes the browser keep the cookie to this exact host over https, out of reach of subdomains. */
export function sessionCookieName(): string {
  return servedOverHttps() ? "__Host-fe_session" : "fe_session";
}

/**
 * The one session check of proxy.ts, route handlers and pages: the cookie decrypts and has not expired, it was
 * not signed out, its person was not revoked since, and a local user is still in the users file.
 */
export async function verifySession(token: string | undefined): Promise<SessionUser | null> {
  const session = await openSession(token, serverEnv().DASHBOARD_SESSION_SECRET ?? "");
  if (!session || (await isRevoked(session))) return null;
  if (session.method === "local" && !localUsers().has(session.email.toLowerCase())) return null;
  return session;
}
