import { cookies } from "next/headers";
import { clearedSessionCookie } from "@/lib/auth/login";
import { sameOrigin } from "@/lib/auth/same-origin";
import { isHttps } from "@/lib/auth/session";
import { openSession, revokeSession, SESSION_COOKIE } from "@/lib/auth/session-token";
import { serverEnv } from "@/lib/env";
import { jsonError } from "@/lib/error-response";
import { logLine } from "@/lib/log";

// Sign-out: the session is refused from now on, the cookie cleared, and the person sent to the sign-in page.
export async function POST(request: Request): Promise<Response> {
  if (!sameOrigin(request)) return jsonError(403, "Sign-out must come from this dashboard's own page.");
  const env = serverEnv();
  const session = await openSession((await cookies()).get(SESSION_COOKIE)?.value, env.DASHBOARD_SESSION_SECRET ?? "");
  if (session) {
    revokeSession(session.sid, env.DASHBOARD_SESSION_HOURS * 3600);
    logLine("sign_out", { user: session.email });
  }
  return new Response(null, {
    status: 303,
    headers: { Location: "/login?signedOut=1", "Set-Cookie": clearedSessionCookie(await isHttps()), "Cache-Control": "no-store" },
  });
}
