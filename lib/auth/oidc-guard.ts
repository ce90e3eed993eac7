import "server-only";
import type { OidcPending } from "./oidc";
import {
  giveBack,
  type OidcLimits,
  reserveAccount,
  reserveAddress,
  type SignInLimits,
  signInLimits,
  slowdownMs,
  wait,
} from "./sign-in-guard";

/** Starting single sign-on is an attempt from the address, reserved before the browser leaves for the provider. */
export async function reserveOidcStart(address: string, limits: SignInLimits = signInLimits()): Promise<void> {
  await reserveAddress(address, limits);
}

/**
 * The pending sign-in this callback finishes, or null. Each start finishes once, its attempt still counted; a
 * callback with no pending sign-in, or one already finished, is a failed attempt of its own (429 over the limit).
 */
export async function claimOidcStart(
  address: string,
  pending: OidcPending | null,
  limits: OidcLimits = signInLimits(),
): Promise<OidcPending | null> {
  if (pending && (await limits.oidcStart.take(pending.state)).allowed) return pending;
  await reserveAddress(address, limits);
  return null;
}

/**
 * Finishes a claimed sign-in under the limits. The email the provider vouched for counts as an account's attempt,
 * as in local sign-in: the 6th failure from this address is refused, failures from anywhere slow it. A session
 * gives back the start's attempt and the account's; a refusal by the allow rules or an error keeps them.
 */
export async function guardedOidcCallback<T>(
  address: string,
  finish: (vouched: (email: string) => Promise<void>) => Promise<T | null>,
  limits: SignInLimits = signInLimits(),
  sleep = wait,
): Promise<T | null> {
  let account: string | undefined;
  const result = await finish(async (email) => {
    const failures = await reserveAccount(email.toLowerCase(), address, limits);
    account = email.toLowerCase();
    await sleep(slowdownMs(failures));
  });
  if (result !== null) await giveBack(address, account, limits);
  return result;
}
