import "server-only";
import * as client from "openid-client";
import { accessOf } from "../access/server/access";
import { noteAccess } from "../access/server/recent-people";
import { serverEnv } from "../server/env";
import { logLine } from "../server/log";
import { allowedToSignIn, claimsOf, groupsIn, oidcConfig, oidcScope } from "./oidc-config";
import { oidcGrants } from "./oidc-grants";
import { auditSignIn, grantDetail } from "./sign-in-audit";
import { sealSession, type SessionUser } from "./session-token";

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
    scope: oidcScope(config),
    code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: "S256",
    state: pending.state,
    nonce: pending.nonce,
  });
  return { url, pending };
}

/** A session token, or why the person is refused: not allowed to sign in at all, or no access rule matches. */
export type OidcSignIn = { token: string } | { refused: "forbidden" | "no-access" };

/**
 * Finishes the code flow. `vouched` hears the email the provider vouched for before the rules are applied (the
 * sign-in limits count it). The session's groups and the tokens to ask for them again are kept as its grant.
 */
export async function finishOidcSignIn(
  callbackUrl: URL,
  pending: OidcPending,
  vouched: (email: string) => Promise<void>,
  address: string,
): Promise<OidcSignIn> {
  const config = await oidcConfig();
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: pending.codeVerifier,
    expectedState: pending.state,
    expectedNonce: pending.nonce,
    idTokenExpected: true,
  });
  const idClaims: Record<string, unknown> = tokens.claims() ?? {};
  const sub = String(idClaims.sub);
  const claims = await claimsOf(config, tokens.access_token, idClaims, sub);
  const email = typeof claims.email === "string" ? claims.email : sub;
  await vouched(email);
  if (!allowedToSignIn(claims)) {
    logLine("sign_in_refused", { method: "oidc" });
    auditSignIn(email, "oidc", false, "not allowed by OIDC_ALLOWED_DOMAIN or OIDC_ALLOWED_GROUP", address);
    return { refused: "forbidden" };
  }
  const env = serverEnv();
  const now = Date.now();
  const name = typeof claims.name === "string" ? claims.name : undefined;
  const user: SessionUser = { email, name, sid: crypto.randomUUID(), method: "oidc", issuedAt: now };
  const groups = groupsIn(claims);
  const access = accessOf({ ...user, groups });
  noteAccess(user, groups);
  if (!access) {
    logLine("sign_in_refused", { method: "oidc", reason: "no_access_rule" });
    auditSignIn(email, "oidc", false, "no access rule matches their groups", address);
    return { refused: "no-access" };
  }
  const ttlSeconds = env.DASHBOARD_SESSION_HOURS * 3600;
  await oidcGrants().save(user.sid, {
    sub,
    groups,
    checkedAt: now,
    until: now + ttlSeconds * 1_000,
    accessToken: tokens.access_token,
    accessExpiresAt: tokens.expires_in === undefined ? undefined : now + tokens.expires_in * 1_000,
    refreshToken: tokens.refresh_token,
  });
  logLine("sign_in", { user: email, method: "oidc" });
  auditSignIn(email, "oidc", true, grantDetail(access), address);
  return { token: await sealSession(user, env.DASHBOARD_SESSION_SECRET ?? "", ttlSeconds) };
}
