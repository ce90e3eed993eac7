import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { accessOf } from "../access/server/access";
import { sourceNames } from "../customer-api/sources";
import { type Principal, systemPrincipal } from "../data/principal";
import { HttpError } from "../http/errors";
import { authModeOf, serverEnv } from "../server/env";
import { servedOverHttps } from "../server/public-url";
import { proxyUser } from "./proxy-user";
import type { SessionUser } from "./session-token";
import { sessionCookieName, verifySession } from "./verify-session";
import { isWarmPass, warmPassHeader, warmPassOpen } from "./warm-pass.mjs";

/** No one is signed in: 401 on API routes, a redirect to /login on pages. */
export class Unauthenticated extends HttpError {
  static override readonly kind = "Unauthenticated";
  constructor() {
    super(401, "Sign in to use the dashboard.");
  }
}

export function authMode() {
  return authModeOf(serverEnv());
}

/** Whether people sign in to this dashboard itself (local users or single sign-on). */
export function signInRequired(): boolean {
  const mode = authMode();
  return mode === "local" || mode === "oidc";
}

const demoUser: SessionUser = { email: "demo", sid: "", method: "demo", issuedAt: 0 };

async function sessionUser(): Promise<SessionUser | Principal | null> {
  const mode = authMode();
  // A starting server's own warm-up render (scripts/warm-start.mjs), before it listens: the first source's reader.
  if (warmPassOpen() && isWarmPass((await headers()).get(warmPassHeader)))
    return systemPrincipal("warm-start", sourceNames()[0]!);
  if (mode === "open") return demoUser;
  if (mode === "none") return proxyUser(await headers());
  return verifySession((await cookies()).get(sessionCookieName())?.value);
}

/**
 * The person behind this request, with the role and scope granted now: the session's, the authenticating proxy's,
 * or the demo's; null for nobody (or somebody nothing grants access to). Checked once per page render (React's
 * cache), however many parts of the page ask; each route handler checks anew.
 */
export const currentUser = cache(async (): Promise<Principal | null> => {
  const user = await sessionUser();
  if (!user) return null;
  if ("role" in user) return user;
  const access = accessOf(user);
  return access ? { ...user, ...access } : null;
});

/** The email of a signed-in person no rule grants any access (for the sign-in page to name); null otherwise. */
export async function refusedEmail(): Promise<string | null> {
  const user = await sessionUser();
  return user && !("role" in user) && !accessOf(user) ? user.email : null;
}

/** Checked by every route handler and every server-side data read, not only by proxy.ts. */
export async function requireUser(): Promise<Principal> {
  const user = await currentUser();
  if (!user) throw new Unauthenticated();
  return user;
}

function cookieAttributes(maxAgeSeconds: number): string {
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${servedOverHttps() ? "; Secure" : ""}`;
}

export function sessionCookie(token: string): string {
  return `${sessionCookieName()}=${token}; ${cookieAttributes(serverEnv().DASHBOARD_SESSION_HOURS * 3600)}`;
}

export function clearedSessionCookie(): string {
  return `${sessionCookieName()}=; ${cookieAttributes(0)}`;
}

/** Secure when the dashboard's configured address is https (never decided by a request header). */
export function cookieSecurity(): string {
  return servedOverHttps() ? "; Secure" : "";
}
