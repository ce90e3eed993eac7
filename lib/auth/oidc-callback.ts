import "server-only";
import { finishOidcSignIn, type OidcPending, type OidcSignIn } from "./oidc";
import { guardedOidcCallback } from "./oidc-guard";

/** The provider's callback under the sign-in limits: a refusal keeps the attempt counted, a session gives it back. */
export async function oidcCallback(address: string, callbackUrl: URL, pending: OidcPending): Promise<OidcSignIn> {
  let refused: "forbidden" | "no-access" = "forbidden";
  const token = await guardedOidcCallback(address, async (vouched) => {
    const outcome = await finishOidcSignIn(callbackUrl, pending, vouched, address);
    if ("token" in outcome) return outcome.token;
    refused = outcome.refused;
    return null;
  });
  return token === null ? { refused } : { token };
}
