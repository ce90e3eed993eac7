import type { ReconciliationStatus } from "../reconciliation/types";
import type { ViewOptions } from "../table/view";
import type { FundView } from "./search-params";
import type { FundGridRow } from "./types";

/** A fund's reconciliation status as the grid shows it: not read yet until the organization's lists say. */
export function reconciliationStatusOf(fund: FundGridRow): ReconciliationStatus {
  return fund.reconciliation?.status ?? "unread";
}

/** The grid's view as the shared view functions take it: search, sort, and the reconciliation filter. */
export function fundViewOptions(view: FundView): ViewOptions<FundGridRow> {
  const statuses = new Set<ReconciliationStatus>(view.reconciliation);
  return {
    query: view.q,
    sort: view.sort,
    predicate: statuses.size > 0 ? (fund) => statuses.has(reconciliationStatusOf(fund)) : null,
  };
}

export const reconciliationLabels: Record<ReconciliationStatus, string> = {
  ties: "Ties out",
  differs: "Differs",
  unread: "Not read yet",
  failed: "Could not be read",
};
