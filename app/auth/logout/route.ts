import { cookies } from "next/headers";
import { revokeSession } from "@/lib/auth/revocation";
import { sameOrigin } from "@/lib/auth/same-origin";
import { clearedSessionCookie } from "@/lib/auth/session";
import { oidcGrants } from "@/lib/auth/oidc-grants";
import { openedSession, sessionCookieName } from "@/lib/auth/verify-session";
import { jsonError } from "@/lib/http/error-response";
import { logLine } from "@/lib/server/log";

// Sign-out: the session is refused from now on (by every instance), the cookie cleared, and the person sent to the
// sign-in page; with Redis unreachable the cookie is still cleared at once and the sign-out shared when it returns.
export async function POST(request: Request): Promise<Response> {
  if (!sameOrigin(request)) return jsonError(403, "Sign-out must come from this dashboard's own page.");
  const session = await openedSession((await cookies()).get(sessionCookieName())?.value);
  if (session) {
    await revokeSession(session);
    if (session.method === "oidc")
      await oidcGrants()
        .remove(session.sid)
        .catch(() => undefined);
    logLine("sign_out", { user: session.email });
  }
  return new Response(null, {
    status: 303,
    headers: { Location: "/login?signedOut=1", "Set-Cookie": clearedSessionCookie(), "Cache-Control": "no-store" },
  });
}
