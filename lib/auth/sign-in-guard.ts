import "server-only";
import pLimit from "p-limit";
import { ServiceUnavailable, TooManyRequests } from "../http/errors";
import { processWide } from "../server/process-wide";
import type { LimitDecision, Limiter } from "./limiter";
import { pendingSeconds } from "./oidc-cookie";
import { sharedLimiter } from "./shared-limiter";

const windowMs = 5 * 60_000;
// argon2id takes ~64 MB and tens of ms per check: a few at once, a short queue, and a flood gets 503 instead.
const concurrentHashes = 4;
const queuedHashes = 32;

export interface SignInLimits {
  /** Failures of one account from one address: the 6th in 5 minutes is refused. */
  accountAtAddress: Limiter;
  /** Failures from one address across accounts: the 6th in 5 minutes is refused. */
  address: Limiter;
  /** Failures of one account from anywhere: never refused, only slowed, so nobody can lock its owner out. */
  account: Limiter;
}

export interface OidcLimits extends SignInLimits {
  /** Finishes of one single sign-on start (keyed by its state): the 2nd is refused, so a replay is no new try. */
  oidcStart: Limiter;
}

// Created on first use (the environment decides where the limits live); the hash cap is this process's own CPU.
const guard = () =>
  processWide("sign-in-guard", () => ({
    limits: {
      accountAtAddress: sharedLimiter("sign-in-account-address", { limit: 5, windowMs }),
      address: sharedLimiter("sign-in-address", { limit: 5, windowMs }),
      account: sharedLimiter("sign-in-account", { limit: 1_000_000, windowMs }),
      oidcStart: sharedLimiter("sign-in-oidc-start", { limit: 1, windowMs: pendingSeconds * 1000 }),
    } satisfies OidcLimits,
    hashes: pLimit(concurrentHashes),
  }));

/** This process's sign-in limits: in Redis when REDIS_URL is set, so every instance counts the same attempts. */
export const signInLimits = (): OidcLimits => guard().limits;

/** The pause before an attempt on a slowed account (tests pass one that records instead). */
export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Failures of an account beyond the 5th delay each further attempt on it: 0.25 s, doubling, at most 4 s. */
export function slowdownMs(accountFailures: number): number {
  return accountFailures < 5 ? 0 : Math.min(4_000, 250 * 2 ** (accountFailures - 5));
}

function tooMany(decision: LimitDecision): TooManyRequests {
  return new TooManyRequests("Too many failed sign-ins. Wait a few minutes and try again.", decision.retryAfterSeconds);
}

const pairKey = (email: string, address: string) => `${email}\n${address}`;

/** Reserves an attempt from an address, a failure until given back: the 6th in the window is refused. */
export async function reserveAddress(address: string, limits: SignInLimits = signInLimits()): Promise<void> {
  const decision = await limits.address.take(address);
  if (!decision.allowed) throw tooMany(decision);
}

/** Reserves an attempt on an account from an address; answers the account's earlier failures (its slowdown). */
export async function reserveAccount(email: string, address: string, limits: SignInLimits): Promise<number> {
  const byPair = await limits.accountAtAddress.take(pairKey(email, address));
  if (!byPair.allowed) throw tooMany(byPair);
  return (await limits.account.take(email)).used - 1;
}

/** Gives back what a sign-in reserved: the address's attempt, and the account's when it got that far. */
export async function giveBack(address: string, email: string | undefined, limits: SignInLimits): Promise<void> {
  const account =
    email === undefined ? [] : [limits.accountAtAddress.give(pairKey(email, address)), limits.account.give(email)];
  await Promise.all([limits.address.give(address), ...account]);
}

/**
 * Runs a password check under the sign-in limits. Each attempt reserves a failure before the check and gives it
 * back on success, so concurrent guesses cannot get past the limit while a slow hash runs.
 */
export async function guardedSignIn<T>(
  email: string,
  address: string,
  check: () => Promise<T | null>,
  limits: SignInLimits = signInLimits(),
  sleep = wait,
): Promise<T | null> {
  await reserveAddress(address, limits);
  const accountFailures = await reserveAccount(email, address, limits).catch(async (error: unknown) => {
    await limits.address.give(address);
    throw error;
  });
  const release = () => giveBack(address, email, limits);
  let user: T | null;
  try {
    await sleep(slowdownMs(accountFailures));
    const { hashes } = guard();
    if (hashes.pendingCount >= queuedHashes)
      throw new ServiceUnavailable("The dashboard is busy. Try again in a moment.", 2);
    user = await hashes(check);
  } catch (error) {
    // An attempt that could not be checked is not a failure.
    await release();
    throw error;
  }
  if (user !== null) await release();
  return user;
}
