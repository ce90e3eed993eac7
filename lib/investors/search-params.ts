// Parsers, loader and serializer from nuqs/server run on both sides; the hook is the browser's.
import { useQueryStates } from "nuqs";
import { createLoader, createSearchParamsCache, createSerializer, debounce, type inferParserType } from "nuqs/server";
import {
  exportParsers,
  parseAsDigest,
  parseAsColumnIds,
  parseAsFlag,
  parseAsOneOf,
  parseAsSearch,
  parseAsSince,
  parseAsSort,
  parseAsValueSet,
  parseAsWhole,
} from "../table/parsers";
import { defaultInvestorColumnIds, investorColumnIds, sortableInvestorColumnIds } from "./columns";

// The investor table's view, defined once: every page, route, export, link and query key reads and writes it here.

/** What the table shows: its sort, search and type filter. */
export const investorViewParsers = {
  sort: parseAsSort(sortableInvestorColumnIds),
  q: parseAsSearch(),
  type: parseAsValueSet(),
  /** Only the investors who differ on this reconciliation check. */
  check: parseAsOneOf(["total_capital_due", "unfunded_commitment_amount"] as const),
  /** Only the investors with capital outstanding. */
  outstanding: parseAsFlag,
  /** Only the investors added or changed since then (the ids come from lib/changes, through the page or route). */
  changed: parseAsSince,
};

/** The table's whole state in the URL: the view and the columns on screen. */
export const investorTableParsers = { ...investorViewParsers, cols: parseAsColumnIds(investorColumnIds) };

/** A page of the view (GET /api/funds/{fundId}/investor-rows). */
export const investorRowsParsers = {
  ...investorTableParsers,
  offset: parseAsWhole(0, 10_000_000).withDefault(0),
  limit: parseAsWhole(1, 500).withDefault(100),
  /** The list a later page must come from, as the first page gave it (its content digest). */
  version: parseAsDigest,
  /** Read the fund's list again (the Refresh button). */
  refresh: parseAsFlag,
};

/** The CSV of the view (GET /api/funds/{fundId}/investors.csv); with the follow-up column when the table shows it. */
export const investorCsvParsers = { ...investorViewParsers, ...exportParsers, followUps: parseAsFlag };

export type InvestorView = inferParserType<typeof investorViewParsers>;
export type InvestorTableState = inferParserType<typeof investorTableParsers>;

export const defaultInvestorView: InvestorView = {
  sort: null,
  q: "",
  type: [],
  check: null,
  outstanding: false,
  changed: null,
};

// Made on first use, not at import: a call at module level would keep nuqs's cache code in the browser's bundle.
let tableCache: ReturnType<typeof createSearchParamsCache<typeof investorTableParsers>> | undefined;
let viewLoader: ReturnType<typeof createLoader<typeof investorViewParsers>> | undefined;

/** The fund page's reading of its URL (server components). */
export function investorTableCache() {
  return (tableCache ??= createSearchParamsCache(investorTableParsers));
}

/** Any other reading: the investor page's view from its URL, for links back and Previous/Next. */
export function loadInvestorView(searchParams: URLSearchParams): InvestorView {
  return (viewLoader ??= createLoader(investorViewParsers))(searchParams);
}

const serializeView = createSerializer(investorViewParsers, { clearOnDefault: true });
const serializeTable = createSerializer(investorTableParsers, { clearOnDefault: true });
const serializeCsv = createSerializer(investorCsvParsers, { clearOnDefault: true });

/** `?sort=…&q=…&type=…` for links that carry the view and for query keys; "" for the default view. */
export function investorViewSearch(view: InvestorView): string {
  const { sort, q, type, check, outstanding, changed } = view;
  return serializeView({ sort, q, type, check, outstanding, changed });
}

/** The table's state as a query string, the columns included (the default ones are left out). */
export function investorTableSearch(state: InvestorTableState): string {
  const cols = state.cols.join() === defaultInvestorColumnIds.join() ? [] : state.cols;
  return serializeTable({ ...state, cols });
}

/** A CSV route's URL: the view (unless every row is asked for) and the export options. */
export function investorCsvUrl(
  path: string,
  view: InvestorView,
  options: { all: boolean; sensitive: boolean; bom: boolean; followUps?: boolean },
): string {
  return serializeCsv(path, options.all ? { ...options } : { ...view, ...options });
}

/** The table's URL state in the browser: each sort and filter a history entry, typing and columns replace it. */
export function useInvestorTableState() {
  return useQueryStates({
    ...investorTableParsers,
    // The URL (and with it Next's router, which renders the page again for it) follows the sorted rows rather than
    // coming between the click and them: a sort already fetched ahead painted in 180–330 ms here, 300–450 before.
    sort: investorTableParsers.sort.withOptions({ history: "push", limitUrlUpdates: debounce(250) }),
    type: investorTableParsers.type.withOptions({ history: "push" }),
    q: investorTableParsers.q.withOptions({ history: "replace", limitUrlUpdates: debounce(300) }),
    cols: investorTableParsers.cols.withOptions({ history: "replace" }),
    check: investorTableParsers.check.withOptions({ history: "push" }),
    outstanding: investorTableParsers.outstanding.withOptions({ history: "push" }),
    changed: investorTableParsers.changed.withOptions({ history: "push" }),
  });
}
