import { safeNext } from "@/lib/auth/login";
import { startOidcSignIn } from "@/lib/auth/oidc";
import { OIDC_COOKIE, publicOrigin, sealPending } from "@/lib/auth/oidc-cookie";
import { authMode, isHttps } from "@/lib/auth/session";
import { jsonError } from "@/lib/error-response";
import { logLine } from "@/lib/log";

// Starts single sign-on: PKCE, state and nonce sealed in a short-lived cookie, then off to the provider.
export async function GET(request: Request): Promise<Response> {
  if (authMode() !== "oidc") return jsonError(404, "Single sign-on is not enabled.");
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  try {
    const { url, pending } = await startOidcSignIn(`${publicOrigin(request)}/auth/oidc/callback`, next);
    const cookie = `${OIDC_COOKIE}=${await sealPending(pending)}; Path=/auth/oidc; HttpOnly; SameSite=Lax; Max-Age=600${(await isHttps()) ? "; Secure" : ""}`;
    return new Response(null, { status: 303, headers: { Location: url.href, "Set-Cookie": cookie, "Cache-Control": "no-store" } });
  } catch (error) {
    logLine("oidc_error", { step: "start", name: error instanceof Error ? error.name : "unknown" });
    return jsonError(502, "The sign-in provider could not be reached. Try again in a moment.");
  }
}
