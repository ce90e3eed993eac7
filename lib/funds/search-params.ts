// Parsers, loader and serializer from nuqs/server run on both sides; the hook is the browser's.
import { useQueryStates } from "nuqs";
import { createLoader, createSearchParamsCache, createSerializer, debounce, type inferParserType } from "nuqs/server";
import { reconciliationStatuses } from "../reconciliation/types";
import { exportParsers, parseAsLiteralSet, parseAsSearch, parseAsSort } from "../table/parsers";
import { fundGridColumnIds } from "./columns";

// The Funds grid's view, defined once: the page, the CSV route, its links and the browser's URL state use it.

/** What the grid shows: its sort and search. */
export const fundViewParsers = {
  sort: parseAsSort(fundGridColumnIds),
  q: parseAsSearch(),
  /** Funds whose reconciliation ties out, differs, is not read yet, or could not be read. */
  reconciliation: parseAsLiteralSet(reconciliationStatuses),
};

/** The CSV of the grid's view (GET /api/funds.csv). */
export const fundsCsvParsers = { ...fundViewParsers, ...exportParsers };

export type FundView = inferParserType<typeof fundViewParsers>;

// The grid filters in the browser; the page reads the view only for the first screen it sends. Made on first use, not
// at import (a call at module level would keep nuqs's loader and cache in the browser's bundle).
let viewLoader: ReturnType<typeof createLoader<typeof fundViewParsers>> | undefined;
let viewCache: ReturnType<typeof createSearchParamsCache<typeof fundViewParsers>> | undefined;

/** The Funds page's reading of its URL (server components). */
export function fundViewCache() {
  return (viewCache ??= createSearchParamsCache(fundViewParsers));
}

/** The grid's view from a URL's query. */
export function loadFundView(searchParams: URLSearchParams): FundView {
  return (viewLoader ??= createLoader(fundViewParsers))(searchParams);
}

const serializeCsv = createSerializer(fundsCsvParsers, { clearOnDefault: true });
const serializeView = createSerializer(fundViewParsers, { clearOnDefault: true });

/** `/funds?reconciliation=…&sort=…` for links into the grid; "/funds" for every fund. */
export function fundsViewUrl(view: Partial<FundView>): string {
  return serializeView("/funds", view);
}

/** The funds CSV URL for the view (unless every row is asked for) and the export options. */
export function fundsCsvUrl(view: FundView, options: { all: boolean; sensitive: boolean; bom: boolean }): string {
  return serializeCsv("/api/funds.csv", options.all ? { ...options } : { ...view, ...options });
}

/** The grid's URL state in the browser: each sort a history entry; typing replaces it, written once the person pauses. */
export function useFundView() {
  return useQueryStates({
    sort: fundViewParsers.sort.withOptions({ history: "push" }),
    q: fundViewParsers.q.withOptions({ history: "replace", limitUrlUpdates: debounce(300) }),
    reconciliation: fundViewParsers.reconciliation.withOptions({ history: "push" }),
  });
}
