import type { FailedFund } from "./types";

/** Funds named one by one where missing funds are told (a message, an alert); the rest are counted. */
export const namedFailedFunds = 10;

/**
 * The funds to name and how many more to count (of `count` in all: a page carries only the first ten): a large
 * organization whose source is down may miss thousands, and an alert or a 409 that named each would be pages long.
 */
export function namedAndMore(failed: readonly FailedFund[], count = failed.length, most = namedFailedFunds) {
  const named = failed.slice(0, most);
  return { named, more: Math.max(0, count - named.length) };
}

/** What a page of a view that spans funds carries of the funds it misses: ten named, and how many in all. */
export function failedSummary(
  failed: readonly FailedFund[],
  count = failed.length,
): { failedFunds: FailedFund[]; failedCount: number } {
  return { failedFunds: failed.slice(0, namedFailedFunds), failedCount: count };
}
