import { createLoader, createSearchParamsCache, createSerializer, type inferParserType } from "nuqs/server";
import {
  parseAsFlag,
  parseAsFundId,
  parseAsLiteralSet,
  parseAsSearch,
  parseAsSince,
  parseAsWhole,
} from "../table/parsers";
import { changeKinds } from "./types";

// The changes views, defined once: the /changes page, its routes, the CSV link and the fund panel read them here.

/** A fund's changes (its panel, GET /api/funds/{fundId}/changes): since a week ago unless the URL says otherwise. */
export const fundChangesParsers = { since: parseAsSince.withDefault("7d") };

/** The organization's changes: since when, which kinds, which fund, which investors (name or id). */
export const changesViewParsers = {
  since: parseAsSince.withDefault("7d"),
  kind: parseAsLiteralSet(changeKinds),
  fund: parseAsFundId,
  q: parseAsSearch(200),
};

/** The /changes page and GET /api/changes: the view and which of its pages (the CSV has every page). */
export const changesPageParsers = { ...changesViewParsers, page: parseAsWhole(1, 1_000_000).withDefault(1) };

export const changesCsvParsers = { ...changesViewParsers, bom: parseAsFlag };

export type ChangesView = inferParserType<typeof changesViewParsers>;
export type ChangesPageView = inferParserType<typeof changesPageParsers>;

let viewCache: ReturnType<typeof createSearchParamsCache<typeof changesPageParsers>> | undefined;
let fundLoader: ReturnType<typeof createLoader<typeof fundChangesParsers>> | undefined;

/** The /changes page's reading of its URL: what it does not know, or cannot read, is ignored. */
export function changesViewCache() {
  return (viewCache ??= createSearchParamsCache(changesPageParsers));
}

/** The fund page's `since` for its Changes panel (a bad value is ignored: the default week). */
export function loadFundChangesSince(searchParams: Record<string, string | string[] | undefined>): string {
  return (fundLoader ??= createLoader(fundChangesParsers))(searchParams).since;
}

const serializeView = createSerializer(changesPageParsers, { clearOnDefault: true });
// The week is written too: the panel's "Since 7 days ago" link names it, as the others name theirs.
const serializeFundSince = createSerializer(fundChangesParsers, { clearOnDefault: false });

/** `?since=…` for a fund page's links to its changes since then. */
export function fundChangesSearch(since: string): string {
  return serializeFundSince({ since });
}

/** The link to page `page` of the view. */
export function changesPageSearch(view: ChangesView, page: number): string {
  const { since, kind, fund, q } = view;
  return serializeView({ since, kind, fund, q, page });
}

/** `?since=…&kind=…&fund=…&q=…` for links and the CSV (every page); "" for the default view (page 1 is left out). */
export const changesViewSearch = (view: ChangesView): string => changesPageSearch(view, 1);
