// Parsers, loader and serializer from nuqs/server run on both sides; the hook is the browser's.
import { useQueryStates } from "nuqs";
import { createSearchParamsCache, createSerializer, type inferParserType } from "nuqs/server";
import {
  parseAsCursor,
  parseAsDigest,
  parseAsFlag,
  parseAsFundId,
  parseAsOneOf,
  parseAsSince,
  parseAsSort,
  parseAsWhole,
} from "../table/parsers";
import { followUpStates } from "../store/model";
import { outstandingColumnIds } from "./columns";

// Capital outstanding's view, defined once: its page, routes, CSV link and query keys read and write it here.
export const outstandingViewParsers = {
  sort: parseAsSort(outstandingColumnIds),
  fund: parseAsFundId,
  overdue: parseAsFlag,
  /** What "Paid since" counts from: 1d, 7d, 30d, a day or an instant (a week unless said). */
  since: parseAsSince.withDefault("7d"),
  /** Keep the positions that paid something since, or those that paid nothing. */
  paid: parseAsOneOf(["some", "none"] as const),
  /** Keep the positions whose next follow-up is in this state, or (none) those with no follow-up yet. */
  followUp: parseAsOneOf(["none", ...followUpStates] as const),
};

export const outstandingRowsParsers = {
  ...outstandingViewParsers,
  offset: parseAsWhole(0, 10_000_000).withDefault(0),
  limit: parseAsWhole(1, 500).withDefault(100),
  /** The list a later page must come from, as its first page gave it. */
  version: parseAsDigest,
  /** Where this page starts, as the page before gave it (keyset). */
  after: parseAsCursor,
  /** Read every fund again now (a person's Refresh, or Retry of the funds that failed). */
  refresh: parseAsFlag,
};

export const outstandingCsvParsers = { ...outstandingViewParsers, bom: parseAsFlag, partial: parseAsFlag };

export type OutstandingView = inferParserType<typeof outstandingViewParsers>;

// Made on first use, not at import: a call at module level would keep nuqs's cache code in the browser's bundle.
let viewCache: ReturnType<typeof createSearchParamsCache<typeof outstandingViewParsers>> | undefined;

/** The Outstanding page's reading of its URL (server components). */
export function outstandingViewCache() {
  return (viewCache ??= createSearchParamsCache(outstandingViewParsers));
}

const serializeView = createSerializer(outstandingViewParsers, { clearOnDefault: true });

/** `?fund=…&overdue=1&sort=…` for links and query keys; "" for every position, overdue first. */
export function outstandingViewSearch(view: Partial<OutstandingView>): string {
  return serializeView(view);
}

/** The outstanding positions' URL state in the browser: each choice a history entry. */
export function useOutstandingView() {
  return useQueryStates({
    sort: outstandingViewParsers.sort.withOptions({ history: "push" }),
    fund: outstandingViewParsers.fund.withOptions({ history: "push" }),
    overdue: outstandingViewParsers.overdue.withOptions({ history: "push" }),
    since: outstandingViewParsers.since.withOptions({ history: "push" }),
    paid: outstandingViewParsers.paid.withOptions({ history: "push" }),
    followUp: outstandingViewParsers.followUp.withOptions({ history: "push" }),
  });
}
