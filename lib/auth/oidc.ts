import "server-only";
import * as client from "openid-client";
import { serverEnv } from "../server/env";
import { logLine } from "../server/log";
import { sealSession } from "./session-token";

let configuration: Promise<client.Configuration> | undefined;

/** The provider's configuration, discovered once (and again after a failed discovery). */
function oidcConfig(): Promise<client.Configuration> {
  const env = serverEnv();
  configuration ??= client
    .discovery(
      new URL(env.OIDC_ISSUER ?? ""),
      env.OIDC_CLIENT_ID ?? "",
      env.OIDC_CLIENT_SECRET,
      undefined,
      // Plain-http issuers exist only in tests; production providers are https.
      env.OIDC_ALLOW_INSECURE_REQUESTS === "1" ? { execute: [client.allowInsecureRequests] } : undefined,
    )
    .catch((error: unknown) => {
      configuration = undefined;
      throw error;
    });
  return configuration;
}

export interface OidcPending {
  codeVerifier: string;
  state: string;
  nonce: string;
  next: string;
}

/** Where to send the browser to sign in, and the checks to keep (encrypted) until it comes back. */
export async function startOidcSignIn(redirectUri: string, next: string) {
  const config = await oidcConfig();
  const pending: OidcPending = {
    codeVerifier: client.randomPKCECodeVerifier(),
    state: client.randomState(),
    nonce: client.randomNonce(),
    next,
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: "S256",
    state: pending.state,
    nonce: pending.nonce,
  });
  return { url, pending };
}

function allowed(claims: Record<string, unknown>): boolean {
  const env = serverEnv();
  const email = typeof claims.email === "string" ? claims.email.toLowerCase() : "";
  // A domain vouches only for an address the provider has verified; an unverified one could be anyone's.
  if (
    env.OIDC_ALLOWED_DOMAIN &&
    claims.email_verified === true &&
    email.endsWith(`@${env.OIDC_ALLOWED_DOMAIN.toLowerCase()}`)
  ) {
    return true;
  }
  const groups = claims[env.OIDC_GROUPS_CLAIM];
  return !!env.OIDC_ALLOWED_GROUP && Array.isArray(groups) && groups.includes(env.OIDC_ALLOWED_GROUP);
}

/**
 * Finishes the code flow; a session token for an allowed person, null for one the rules refuse. `vouched` hears
 * the email the provider vouched for before the rules are applied (the sign-in limits count it).
 */
export async function finishOidcSignIn(
  callbackUrl: URL,
  pending: OidcPending,
  vouched: (email: string) => Promise<void>,
): Promise<string | null> {
  const config = await oidcConfig();
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: pending.codeVerifier,
    expectedState: pending.state,
    expectedNonce: pending.nonce,
    idTokenExpected: true,
  });
  const idClaims: Record<string, unknown> = tokens.claims() ?? {};
  // Many providers keep email out of the ID token; the userinfo endpoint has it.
  const claims: Record<string, unknown> =
    typeof idClaims.email === "string"
      ? idClaims
      : { ...idClaims, ...(await client.fetchUserInfo(config, tokens.access_token, String(idClaims.sub))) };
  const email = typeof claims.email === "string" ? claims.email : String(claims.sub);
  await vouched(email);
  if (!allowed(claims)) {
    logLine("sign_in_refused", { method: "oidc" });
    return null;
  }
  const env = serverEnv();
  logLine("sign_in", { user: email, method: "oidc" });
  const name = typeof claims.name === "string" ? claims.name : undefined;
  return sealSession(
    { email, name, method: "oidc" },
    env.DASHBOARD_SESSION_SECRET ?? "",
    env.DASHBOARD_SESSION_HOURS * 3600,
  );
}
