import "server-only";
import { EncryptJWT, jwtDecrypt } from "jose";
import { serverEnv } from "../env";
import type { OidcPending } from "./oidc";

export const OIDC_COOKIE = "fe_oidc";

async function key(): Promise<Uint8Array> {
  const secret = `oidc:${serverEnv().DASHBOARD_SESSION_SECRET ?? ""}`;
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret)));
}

/** The PKCE verifier, state, nonce and return path, sealed for the 10 minutes a sign-in may take. */
export async function sealPending(pending: OidcPending): Promise<string> {
  return new EncryptJWT({ ...pending })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setExpirationTime("10m")
    .encrypt(await key());
}

export async function openPending(token: string | undefined): Promise<OidcPending | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtDecrypt(token, await key());
    const { codeVerifier, state, nonce, next } = payload;
    if ([codeVerifier, state, nonce, next].some((v) => typeof v !== "string")) return null;
    return { codeVerifier, state, nonce, next } as OidcPending;
  } catch {
    return null;
  }
}

/** The dashboard's own address as the browser sees it, for the redirect URI. */
export function publicOrigin(request: Request): string {
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;
  const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? new URL(request.url).protocol.replace(":", "");
  return `${proto}://${host}`;
}
