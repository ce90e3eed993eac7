import { cookies } from "next/headers";
import { clientAddress } from "@/lib/auth/client-address";
import { oidcCallback } from "@/lib/auth/oidc-callback";
import { OIDC_COOKIE, oidcRedirectUri, openPending, pendingCookie } from "@/lib/auth/oidc-cookie";
import { claimOidcStart } from "@/lib/auth/oidc-guard";
import { safeNext } from "@/lib/auth/redirect";
import { authMode, sessionCookie } from "@/lib/auth/session";
import { errorResponse, jsonError } from "@/lib/http/error-response";
import { logLine } from "@/lib/server/log";

function redirect(location: string, cookies: string[]): Response {
  const headers = new Headers({ Location: location, "Cache-Control": "no-store" });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 303, headers });
}

// The provider sends the browser back here: check state, nonce and PKCE, apply the allow and access rules, open a
// session, all under the sign-in limits (lib/auth/oidc-guard.ts).
export async function GET(request: Request): Promise<Response> {
  if (authMode() !== "oidc") return jsonError(404, "Single sign-on is not enabled.");
  const clearPending = pendingCookie("", 0);
  const address = clientAddress(request);
  try {
    const pending = await claimOidcStart(address, await openPending((await cookies()).get(OIDC_COOKIE)?.value));
    if (!pending) return redirect("/login?error=oidc", [clearPending]);
    const callbackUrl = new URL(`${oidcRedirectUri()}${new URL(request.url).search}`);
    const outcome = await oidcCallback(address, callbackUrl, pending);
    if ("refused" in outcome) return redirect(`/login?error=${outcome.refused}`, [clearPending]);
    return redirect(safeNext(pending.next), [clearPending, sessionCookie(outcome.token)]);
  } catch (error) {
    // The sign-in limits' 429 and 503 are answered as such; anything else failed the flow.
    const refused = errorResponse(error);
    if (!refused) logLine("oidc_error", { step: "callback", name: error instanceof Error ? error.name : "unknown" });
    return refused ?? redirect("/login?error=oidc", [clearPending]);
  }
}
