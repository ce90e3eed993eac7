import "server-only";
import * as client from "openid-client";
import { serverEnv } from "../server/env";

let configuration: Promise<client.Configuration> | undefined;

/** The provider's configuration, discovered once (and again after a failed discovery). */
export function oidcConfig(): Promise<client.Configuration> {
  const env = serverEnv();
  configuration ??= client
    .discovery(
      new URL(env.OIDC_ISSUER ?? ""),
      env.OIDC_CLIENT_ID ?? "",
      env.OIDC_CLIENT_SECRET,
      undefined,
      // Plain-http issuers exist only in tests; production providers are https. A request waits 10 s at most:
      // a person's request waits for it when their session is due to be asked again.
      {
        timeout: 10,
        execute: env.OIDC_ALLOW_INSECURE_REQUESTS === "1" ? [client.allowInsecureRequests] : undefined,
      },
    )
    .catch((error: unknown) => {
      configuration = undefined;
      throw error;
    });
  return configuration;
}

/**
 * What to ask for: offline_access (a refresh token, to ask for the person's groups again) and a "groups" scope
 * only when the provider lists them, since some refuse a scope they do not know.
 */
export function oidcScope(config: client.Configuration): string {
  const supported = config.serverMetadata().scopes_supported ?? [];
  return ["openid", "email", "profile", ...["offline_access", "groups"].filter((s) => supported.includes(s))].join(" ");
}

export type Claims = Record<string, unknown>;

/**
 * The person's claims: the ID token's, with the userinfo endpoint's when the ID token lacks the email or the groups
 * claim (many providers keep both out of it).
 */
export async function claimsOf(
  config: client.Configuration,
  accessToken: string,
  idClaims: Claims,
  sub: string,
): Promise<Claims> {
  if (typeof idClaims.email === "string" && serverEnv().OIDC_GROUPS_CLAIM in idClaims) return idClaims;
  return { ...(await client.fetchUserInfo(config, accessToken, sub)), ...idClaims };
}

/** The groups claim (OIDC_GROUPS_CLAIM) as a list of names; a single name counts as one group. */
export function groupsIn(claims: Claims): string[] {
  const value = claims[serverEnv().OIDC_GROUPS_CLAIM];
  const names = Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
  return names.filter((name): name is string => typeof name === "string" && name.length <= 256).slice(0, 500);
}

/** Who may sign in at all (OIDC_ALLOWED_DOMAIN, OIDC_ALLOWED_GROUP); ACCESS_RULES_FILE then decides the role. */
export function allowedToSignIn(claims: Claims): boolean {
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
  return !!env.OIDC_ALLOWED_GROUP && groupsIn(claims).includes(env.OIDC_ALLOWED_GROUP);
}
