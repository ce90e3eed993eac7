import "server-only";
import { noteAccess } from "../access/server/recent-people";
import { serverEnv } from "../server/env";
import { servedOverHttps } from "../server/public-url";
import { defaultReevaluation, oidcGroupsNow } from "./oidc-reevaluate";
import { isRevoked } from "./revocation";
import { openSession, type SessionUser } from "./session-token";
import { localUsers } from "../access/server/users";

/** `__Host-` makes the browser keep the cookie to this exact host over https, out of reach of subdomains. */
export function sessionCookieName(): string {
  return servedOverHttps() ? "__Host-fe_session" : "fe_session";
}

/** The session a cookie holds, unless it expired, was signed out or its person revoked: all sign-out needs. */
export async function openedSession(token: string | undefined): Promise<SessionUser | null> {
  const session = await openSession(token, serverEnv().DASHBOARD_SESSION_SECRET ?? "");
  return session && !(await isRevoked(session)) ? session : null;
}

/**
 * The one session check of proxy.ts, route handlers and pages: the cookie decrypts and has not expired, it was
 * not signed out, its person was not revoked since, a local user is still in the users file, and a single sign-on
 * person's groups are the provider's answer of the last ACCESS_REEVALUATE_SECONDS.
 */
export async function verifySession(token: string | undefined): Promise<SessionUser | null> {
  const session = await openedSession(token);
  if (!session) return null;
  if (session.method === "local" && !localUsers().has(session.email.toLowerCase())) return null;
  if (session.method === "oidc") {
    const groups = await oidcGroupsNow(session, defaultReevaluation(noteAccess));
    return groups ? { ...session, groups } : null;
  }
  return session;
}
