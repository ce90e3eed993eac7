import "server-only";
import * as client from "openid-client";
import { allowedToSignIn, type Claims, claimsOf, groupsIn, oidcConfig } from "./oidc-config";
import type { OidcGrant } from "./oidc-grants";

/** The provider's answer: the grant as it stands now, or the reason it refuses the session (which then ends). */
export type ProviderAnswer = { grant: OidcGrant } | { refused: string };

// An access token this close to its expiry is not used for the userinfo endpoint.
const expirySlackMs = 10_000;

/** Whether the provider itself refused (the grant revoked or expired, the person gone), not merely failed to answer. */
function refusedBy(error: unknown): string | null {
  if (error instanceof client.ResponseBodyError && error.error === "invalid_grant") return "invalid_grant";
  if (error instanceof client.WWWAuthenticateChallengeError && error.status === 401) return "token refused";
  return null;
}

/**
 * Asks the provider about a session again: a refresh token grant (keeping the new refresh token when the provider
 * rotates it), else the userinfo endpoint with the access token while it lasts; then the groups anew and the allow
 * rules again. Throws when the provider cannot be reached or answers otherwise (the caller fails closed).
 */
export async function askProviderAgain(grant: OidcGrant, now = Date.now()): Promise<ProviderAnswer> {
  const config = await oidcConfig();
  let { accessToken, accessExpiresAt, refreshToken } = grant;
  let idClaims: Claims = {};
  let claims: Claims;
  try {
    if (refreshToken) {
      const tokens = await client.refreshTokenGrant(config, refreshToken);
      accessToken = tokens.access_token;
      accessExpiresAt = tokens.expires_in === undefined ? undefined : now + tokens.expires_in * 1_000;
      refreshToken = tokens.refresh_token ?? refreshToken;
      idClaims = tokens.claims() ?? {};
    } else if (!accessToken || (accessExpiresAt !== undefined && accessExpiresAt - expirySlackMs < now)) {
      return { refused: "no refresh token, and the access token has expired" };
    }
    if (idClaims.sub !== undefined && idClaims.sub !== grant.sub) return { refused: "another subject" };
    claims = await claimsOf(config, accessToken, idClaims, grant.sub);
  } catch (error) {
    const refused = refusedBy(error);
    if (refused) return { refused };
    throw error;
  }
  if (!allowedToSignIn(claims)) return { refused: "no longer allowed to sign in" };
  return { grant: { ...grant, groups: groupsIn(claims), checkedAt: now, accessToken, accessExpiresAt, refreshToken } };
}
