// Parsers, loader and serializer from nuqs/server run on both sides; the hook is the browser's.
import { useQueryStates } from "nuqs";
import { createSearchParamsCache, createSerializer, debounce, type inferParserType } from "nuqs/server";
import {
  parseAsFlag,
  parseAsOneOf,
  parseAsSearch,
  parseAsSort,
  parseAsValueSet,
  parseAsWhole,
  parseAsDigest,
  parseAsCursor,
} from "../table/parsers";
import { directoryColumnIds } from "./columns";

// The investor directory's view, defined once: its page, routes, CSV links and query keys read and write it here.

/** What the directory shows: its sort, search and type filter. */
export const directoryViewParsers = {
  sort: parseAsSort(directoryColumnIds),
  q: parseAsSearch(),
  type: parseAsValueSet(),
};

/** A page of the view (GET /api/investors). */
export const directoryRowsParsers = {
  ...directoryViewParsers,
  offset: parseAsWhole(0, 10_000_000).withDefault(0),
  limit: parseAsWhole(1, 500).withDefault(100),
  /** Read every fund again now (a person's Refresh, or Retry of the funds that failed). */
  refresh: parseAsFlag,
  /** The directory a later page must come from, as its first page gave it. */
  version: parseAsDigest,
  /** Where this page starts, as the page before gave it (keyset). */
  after: parseAsCursor,
};

/** GET /api/investors.csv: every position of every fund, or with group=investor the directory's view. */
export const investorsCsvParsers = {
  ...directoryViewParsers,
  group: parseAsOneOf(["investor"] as const),
  /** Make the file from the funds that can be read, naming the others, rather than refusing it. */
  partial: parseAsFlag,
  sensitive: parseAsFlag,
  bom: parseAsFlag,
};

export type DirectoryView = inferParserType<typeof directoryViewParsers>;

// Made on first use, not at import: a call at module level would keep nuqs's cache code in the browser's bundle.
let viewCache: ReturnType<typeof createSearchParamsCache<typeof directoryViewParsers>> | undefined;

/** The Investors page's reading of its URL (server components). */
export function directoryViewCache() {
  return (viewCache ??= createSearchParamsCache(directoryViewParsers));
}

const serializeView = createSerializer(directoryViewParsers, { clearOnDefault: true });
const serializeCsv = createSerializer(investorsCsvParsers, { clearOnDefault: true });

/** `?sort=…&q=…&type=…` for links and query keys; "" for the default view. */
export function directoryViewSearch(view: DirectoryView): string {
  return serializeView(view);
}

/** The CSV of every position (the fund grid's download) or of the directory's view (group), with its options. */
export function investorsCsvUrl(options: {
  view?: DirectoryView;
  partial?: boolean;
  bom?: boolean;
  sensitive?: boolean;
}): string {
  const { view, ...rest } = options;
  return serializeCsv("/api/investors.csv", view ? { ...view, group: "investor", ...rest } : rest);
}

/** The directory's URL state in the browser: each sort and filter a history entry, typing replaces it. */
export function useDirectoryView() {
  return useQueryStates({
    sort: directoryViewParsers.sort.withOptions({ history: "push" }),
    type: directoryViewParsers.type.withOptions({ history: "push" }),
    q: directoryViewParsers.q.withOptions({ history: "replace", limitUrlUpdates: debounce(300) }),
  });
}
