"use client";

import { useQuery } from "@tanstack/react-query";
import { useTable } from "@tanstack/react-table";
import { type SyntheticEvent, useDeferredValue, useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { dataTableFeatures } from "@/components/data-table/features";
import { onSortingChangeFor, sortingOf } from "@/components/data-table/sorting";
import { useWideScreen } from "@/components/data-table/use-wide-screen";
import { ErrorPanel } from "@/components/ui/error-panel";
import { fundGridColumns } from "@/lib/funds/columns";
import { type FundsFirstScreen, reconciliationCounts } from "@/lib/funds/first-screen";
import type { FundGridRow } from "@/lib/funds/types";
import { fundGridQuery } from "@/lib/funds/queries";
import { fundsCsvUrl, fundsViewUrl, useFundView } from "@/lib/funds/search-params";
import { fundViewOptions, reconciliationLabels } from "@/lib/funds/view-options";
import { reconciliationSummariesQuery } from "@/lib/reconciliation/queries";
import { type ReconciliationStatus, reconciliationStatuses } from "@/lib/reconciliation/types";
import { applyView } from "@/lib/table/view";
import { fundsTableColumns } from "./funds-table-columns";
import { FundsTableToolbar } from "./funds-table-toolbar";

const noFunds: FundGridRow[] = [];

/** A press or focus that may need the whole list: anything in the grid but a link away from it. */
function mayNeedList(event: SyntheticEvent) {
  return !(event.target instanceof Element && event.target.closest("a"));
}

/**
 * Every fund the token sees, sorted and searched in the browser. Until the whole list has come, the server's first
 * screen of the same view stands in for it. A wide screen fetches the list once the page is up, so a header's click
 * answers at once; a phone only when the person reaches for more than the first screen (a control, a view of its
 * own, the end of the cards): most look at a few funds, and the list is 130 KB and a second of a phone's CPU.
 */
export function FundsTable({ first }: { first: FundsFirstScreen }) {
  const [view, setView] = useFundView();
  const wide = useWideScreen();
  const [reached, setReached] = useState(false);
  const wanted = wide === true || reached || fundsViewUrl(view) !== first.view;
  const { data, error, refetch, isFetching, dataUpdatedAt } = useQuery({ ...fundGridQuery(), enabled: wanted });
  const lines = useQuery({ ...reconciliationSummariesQuery(), enabled: wanted });
  const reach = (event: SyntheticEvent) => {
    if (!reached && mayNeedList(event)) setReached(true);
  };
  const deferredQuery = useDeferredValue(view.q);
  // The whole list once both have come (or the lines failed: the browser retries them), so no line flickers to
  // "not read yet" in between.
  const whole = data !== undefined && (lines.data !== undefined || lines.error !== null);
  // Each fund's reconciliation line comes from the organization's held lists, as they are read.
  const funds = useMemo(
    () => (data ?? noFunds).map((fund) => ({ ...fund, reconciliation: lines.data?.funds[fund.id] })),
    [data, lines.data],
  );
  const viewed = useMemo(
    () => applyView(funds, fundGridColumns, fundViewOptions({ ...view, q: deferredQuery })),
    [funds, deferredQuery, view],
  );
  const rows = whole ? viewed : first.rows;
  const { sort, q: query } = view;
  const statusOptions = useMemo(() => {
    const counts = whole ? reconciliationCounts(funds) : first.statuses;
    return reconciliationStatuses.map((status) => ({
      value: status,
      label: reconciliationLabels[status],
      count: counts[status],
    }));
  }, [whole, funds, first.statuses]);
  const table = useTable({
    features: dataTableFeatures,
    columns: fundsTableColumns,
    data: rows,
    getRowId: (fund) => fund.id,
    manualSorting: true,
    sortDescFirst: false,
    state: { sorting: sortingOf(sort) },
    onSortingChange: onSortingChangeFor(sort, (next) => void setView({ sort: next })),
  });

  return (
    <section aria-label="Funds" onPointerDownCapture={reach} onFocusCapture={reach}>
      <FundsTableToolbar
        query={query}
        onQueryChange={(value) => void setView({ q: value || null })}
        shown={whole ? rows.length : first.shown}
        total={whole ? funds.length : first.total}
        updatedAt={whole ? dataUpdatedAt : first.at}
        onRefresh={() => void refetch()}
        refreshing={whole && isFetching}
        csvHref={(options) => fundsCsvUrl({ ...view, q: deferredQuery }, options)}
        reconciliationOptions={statusOptions}
        reconciliation={view.reconciliation}
        onReconciliationChange={(chosen) =>
          void setView({ reconciliation: chosen.length > 0 ? (chosen as ReconciliationStatus[]) : null })
        }
      />
      {error ? (
        <ErrorPanel
          title={data ? "Refresh failed" : "The whole list of funds could not be read"}
          message={error.message}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : null}
      <DataTable
        table={table}
        allRows={whole ? funds : undefined}
        longest={first.longest}
        rowCount={whole ? undefined : first.shown}
        onNearEnd={whole || reached || first.rows.length >= first.shown ? undefined : () => setReached(true)}
        // The server's rows are of the view it rendered: one changed before the whole list came waits for it.
        busy={!whole && fundsViewUrl(view) !== first.view}
        label="Funds"
        empty={
          (whole ? funds.length : first.total) === 0
            ? "No funds are visible to this dashboard's API token."
            : `No funds match “${query}”.`
        }
      />
    </section>
  );
}
