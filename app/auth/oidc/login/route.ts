import { clientAddress } from "@/lib/auth/client-address";
import { startOidcSignIn } from "@/lib/auth/oidc";
import { oidcRedirectUri, pendingCookie, pendingSeconds, sealPending } from "@/lib/auth/oidc-cookie";
import { reserveOidcStart } from "@/lib/auth/oidc-guard";
import { safeNext } from "@/lib/auth/redirect";
import { authMode } from "@/lib/auth/session";
import { errorResponse, jsonError } from "@/lib/http/error-response";
import { logLine } from "@/lib/server/log";

// Starts single sign-on: PKCE, state and nonce sealed in a short-lived cookie, then off to the provider. Each
// start counts as a sign-in attempt from the address until its callback opens a session.
export async function GET(request: Request): Promise<Response> {
  if (authMode() !== "oidc") return jsonError(404, "Single sign-on is not enabled.");
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  try {
    const { url, pending } = await startOidcSignIn(oidcRedirectUri(), next);
    await reserveOidcStart(clientAddress(request));
    const headers = {
      Location: url.href,
      "Set-Cookie": pendingCookie(await sealPending(pending), pendingSeconds),
      "Cache-Control": "no-store",
    };
    return new Response(null, { status: 303, headers });
  } catch (error) {
    // The sign-in limits' 429 and 503 are answered as such; anything else is the provider's.
    const refused = errorResponse(error);
    if (!refused) logLine("oidc_error", { step: "start", name: error instanceof Error ? error.name : "unknown" });
    return refused ?? jsonError(502, "The sign-in provider could not be reached. Try again in a moment.");
  }
}
