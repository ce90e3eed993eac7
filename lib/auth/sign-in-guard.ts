import "server-only";
import pLimit from "p-limit";
import { ServiceUnavailable, TooManyRequests } from "../http/errors";
import { processWide } from "../server/process-wide";
import type { LimitDecision, Limiter } from "./limiter";
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

// Created on first use (the environment decides where the limits live); the hash cap is this process's own CPU.
const guard = () =>
  processWide("sign-in-guard", () => ({
    limits: {
      accountAtAddress: sharedLimiter("sign-in-account-address", { limit: 5, windowMs }),
      address: sharedLimiter("sign-in-address", { limit: 5, windowMs }),
      account: sharedLimiter("sign-in-account", { limit: 1_000_000, windowMs }),
    } satisfies SignInLimits,
    hashes: pLimit(concurrentHashes),
  }));

/** Failures of an account beyond the 5th delay each further attempt on it: 0.25 s, doubling, at most 4 s. */
export function slowdownMs(accountFailures: number): number {
  return accountFailures < 5 ? 0 : Math.min(4_000, 250 * 2 ** (accountFailures - 5));
}

function tooMany(decision: LimitDecision): TooManyRequests {
  return new TooManyRequests("Too many failed sign-ins. Wait a few minutes and try again.", decision.retryAfterSeconds);
}

/**
 * Runs a password check under the sign-in limits. Each attempt reserves a failure before the check and gives it
 * back on success, so concurrent guesses cannot get past the limit while a slow hash runs.
 */
export async function guardedSignIn<T>(
  email: string,
  address: string,
  check: () => Promise<T | null>,
  limits: SignInLimits = guard().limits,
  sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T | null> {
  const pair = `${email}\n${address}`;
  const byAddress = await limits.address.take(address);
  if (!byAddress.allowed) throw tooMany(byAddress);
  const byPair = await limits.accountAtAddress.take(pair);
  if (!byPair.allowed) {
    await limits.address.give(address);
    throw tooMany(byPair);
  }
  const accountFailures = (await limits.account.take(email)).used - 1;
  const release = () =>
    Promise.all([limits.address.give(address), limits.accountAtAddress.give(pair), limits.account.give(email)]);
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
