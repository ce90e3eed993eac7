import "server-only";
import { EncryptJWT, jwtDecrypt } from "jose";
import { serverEnv } from "../server/env";
import { publicUrl, servedOverHttps } from "../server/public-url";
import type { OidcPending } from "./oidc";

export const OIDC_COOKIE = "fe_oidc";
/** How long a started sign-in may take to come back from the provider. */
export const pendingSeconds = 600;

async function key(): Promise<Uint8Array> {
  const secret = `oidc:${serverEnv().DASHBOARD_SESSION_SECRET ?? ""}`;
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret)));
}

/** The PKCE verifier, state, nonce and return path, sealed for the time a sign-in may take. */
export async function sealPending(pending: OidcPending): Promise<string> {
  return new EncryptJWT({ ...pending })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setExpirationTime(`${pendingSeconds}s`)
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

/** Where the provider sends the browser back: built from DASHBOARD_PUBLIC_URL, never from request headers. */
export function oidcRedirectUri(): string {
  const base = publicUrl();
  if (!base) throw new Error("single sign-on needs DASHBOARD_PUBLIC_URL");
  return new URL("/auth/oidc/callback", base).href;
}

/** The short-lived cookie holding the pending sign-in, or its removal with maxAge 0. */
export function pendingCookie(value: string, maxAgeSeconds: number): string {
  return `${OIDC_COOKIE}=${value}; Path=/auth/oidc; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${servedOverHttps() ? "; Secure" : ""}`;
}
