import { startOidcSignIn } from "@/lib/auth/oidc";
import { oidcRedirectUri, pendingCookie, sealPending } from "@/lib/auth/oidc-cookie";
import { safeNext } from "@/lib/auth/redirect";
import { authMode } from "@/lib/auth/session";
import { jsonError } from "@/lib/http/error-response";
import { logLine } from "@/lib/server/log";

// Starts single sign-on: PKCE, state and nonce sealed in a short-lived cookie, then off to the provider.
export async function GET(request: Request): Promise<Response> {
  if (authMode() !== "oidc") return jsonError(404, "Single sign-on is not enabled.");
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  try {
    const { url, pending } = await startOidcSignIn(oidcRedirectUri(), next);
    const headers = {
      Location: url.href,
      "Set-Cookie": pendingCookie(await sealPending(pending), 600),
      "Cache-Control": "no-store",
    };
    return new Response(null, { status: 303, headers });
  } catch (error) {
    logLine("oidc_error", { step: "start", name: error instanceof Error ? error.name : "unknown" });
    return jsonError(502, "The sign-in provider could not be reached. Try again in a moment.");
  }
}
