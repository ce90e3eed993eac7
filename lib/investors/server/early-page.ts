import "server-only";
import { columnPaths, pickPaths } from "../../table/types";
import { longestValues } from "../../table/longest";
import { investorColumns, type InvestorColumnId } from "../columns";
import { defaultInvestorView, type InvestorView, investorViewSearch } from "../search-params";
import type { Investor, InvestorRowsPage } from "../types";
import type { EarlyList } from "./list-cache";

/** The list's own order, unfiltered: the only view whose first rows are known before every record has arrived. */
function isNatural(view: InvestorView): boolean {
  return investorViewSearch(view) === investorViewSearch(defaultInvestorView);
}

/**
 * A page cut from a list still being read: the first rows of the natural view, or none for a view that needs every
 * record (a sort, a search, a filter). It carries no version, counts what has been read so far and no totals; the
 * table asks again until the list is complete.
 */
export function earlyPage(
  list: EarlyList,
  view: InvestorView,
  offset: number,
  limit: number,
  sized: readonly InvestorColumnId[],
): InvestorRowsPage {
  const read = list.investors.length;
  const columns = investorColumns.filter((column) => sized.includes(column.id));
  const paths = columnPaths(columns);
  const shown = isNatural(view) && offset === 0 ? list.investors.slice(0, limit) : [];
  const rows = shown.map((investor) => pickPaths(investor, paths) as Investor);
  const longest = longestValues(shown, columns);
  return {
    version: null,
    complete: false,
    reading: { read, expected: list.expected },
    fetchedAt: new Date(list.startedAt).toISOString(),
    kept: (list.keptAt ?? null) !== null,
    total: read,
    matched: isNatural(view) ? read : 0,
    offset,
    rows,
    totals: {},
    types: [],
    longest,
  };
}
