import "server-only";
import { cookies, headers } from "next/headers";
import { authModeOf, serverEnv } from "../env";
import { openSession, SESSION_COOKIE, type SessionUser } from "./session-token";

export class Unauthenticated extends Error {
  constructor() {
    super("Sign in to use the dashboard.");
    this.name = "Unauthenticated";
  }
}

export function authMode() {
  return authModeOf(serverEnv());
}

/** Whether requests must carry a session: not in open demo mode, nor behind an authenticating proxy. */
export function signInRequired(): boolean {
  const mode = authMode();
  return mode === "local" || mode === "oidc";
}

/** The signed-in user of this request; a stand-in user when sign-in is not required. */
export async function currentUser(): Promise<SessionUser | null> {
  if (!signInRequired()) return { email: authMode() === "none" ? "proxy-authenticated" : "demo", sid: "" };
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return openSession(token, serverEnv().DASHBOARD_SESSION_SECRET ?? "");
}

/** Checked by every route handler and every server-side data read, not only by proxy.ts. */
export async function requireUser(): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) throw new Unauthenticated();
  return user;
}

/** Cookies are Secure when the dashboard is reached over https (directly or via a TLS-terminating proxy). */
export async function isHttps(): Promise<boolean> {
  const h = await headers();
  return h.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
}
