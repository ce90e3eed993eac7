import { cookies } from "next/headers";
import { sessionCookie } from "@/lib/auth/login";
import { finishOidcSignIn } from "@/lib/auth/oidc";
import { OIDC_COOKIE, openPending, publicOrigin } from "@/lib/auth/oidc-cookie";
import { authMode, isHttps } from "@/lib/auth/session";
import { jsonError } from "@/lib/error-response";
import { logLine } from "@/lib/log";

function redirect(location: string, cookies: string[]): Response {
  const headers = new Headers({ Location: location, "Cache-Control": "no-store" });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 303, headers });
}

// The provider sends the browser back here: check state, nonce and PKCE, apply the allow rules, open a session.
export async function GET(request: Request): Promise<Response> {
  if (authMode() !== "oidc") return jsonError(404, "Single sign-on is not enabled.");
  const secure = await isHttps();
  const clearPending = `${OIDC_COOKIE}=; Path=/auth/oidc; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
  const pending = await openPending((await cookies()).get(OIDC_COOKIE)?.value);
  if (!pending) return redirect("/login?error=oidc", [clearPending]);
  const callbackUrl = new URL(`${publicOrigin(request)}/auth/oidc/callback${new URL(request.url).search}`);
  try {
    const token = await finishOidcSignIn(callbackUrl, pending);
    if (!token) return redirect("/login?error=forbidden", [clearPending]);
    return redirect(pending.next, [clearPending, sessionCookie(token, secure)]);
  } catch (error) {
    logLine("oidc_error", { step: "callback", name: error instanceof Error ? error.name : "unknown" });
    return redirect("/login?error=oidc", [clearPending]);
  }
}
