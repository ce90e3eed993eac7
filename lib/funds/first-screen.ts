import { type ReconciliationStatus, reconciliationStatuses } from "../reconciliation/types";
import { longestValues } from "../table/longest";
import { applyView } from "../table/view";
import { fundGridColumns } from "./columns";
import { type FundView, fundsViewUrl } from "./search-params";
import type { FundGridRow } from "./types";
import { fundViewOptions, reconciliationStatusOf } from "./view-options";

// The Funds page's HTML carries the view's first screen, not every fund: every fund's grid row made it 1.4 MB
// (213 KB on the wire) at 2,003 funds. The browser fetches the whole list once the page is up, and sorts and searches
// it there as before.

/** Rows the page's HTML carries: a tall screen's worth, and the phone's first page of cards. */
export const fundsFirstScreenRows = 50;

/** The grid's view worked out over every fund, of which only the first rows are sent. */
export interface FundsFirstScreen {
  rows: FundGridRow[];
  /** Funds in the view, and in all. */
  shown: number;
  total: number;
  /** Each column's longest value over every fund: the columns keep their widths when the rest arrives. */
  longest: Record<string, number>;
  /** How many funds have each reconciliation status, for the filter's counts. */
  statuses: Record<ReconciliationStatus, number>;
  /** When the list was read (ms since epoch). */
  at: number;
  /** The view's URL, as `fundsViewUrl` writes it. */
  view: string;
}

/** How many funds have each reconciliation status. */
export function reconciliationCounts(funds: readonly FundGridRow[]): Record<ReconciliationStatus, number> {
  const counts = Object.fromEntries(reconciliationStatuses.map((status) => [status, 0])) as Record<
    ReconciliationStatus,
    number
  >;
  for (const fund of funds) counts[reconciliationStatusOf(fund)] += 1;
  return counts;
}

/** The view's first rows, its counts and the columns' widths, from every fund (with their reconciliation lines). */
export function fundsFirstScreen(funds: readonly FundGridRow[], view: FundView, at: number): FundsFirstScreen {
  const rows = applyView(funds, fundGridColumns, fundViewOptions(view));
  return {
    rows: rows.slice(0, fundsFirstScreenRows),
    shown: rows.length,
    total: funds.length,
    longest: longestValues(funds, fundGridColumns),
    statuses: reconciliationCounts(funds),
    at,
    view: fundsViewUrl(view),
  };
}
