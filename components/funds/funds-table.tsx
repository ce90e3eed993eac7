"use client";

import { useQuery } from "@tanstack/react-query";
import { useTable } from "@tanstack/react-table";
import { useDeferredValue, useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { dataTableFeatures } from "@/components/data-table/features";
import { onSortingChangeFor, sortingOf } from "@/components/data-table/sorting";
import { ErrorPanel } from "@/components/ui/error-panel";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import { fundGridColumns } from "@/lib/funds/columns";
import type { FundGridRow } from "@/lib/funds/types";
import { fundGridQuery } from "@/lib/funds/queries";
import { fundsCsvUrl, useFundView } from "@/lib/funds/search-params";
import { fundViewOptions, reconciliationLabels, reconciliationStatusOf } from "@/lib/funds/view-options";
import { reconciliationSummariesQuery } from "@/lib/reconciliation/queries";
import { type ReconciliationStatus, reconciliationStatuses } from "@/lib/reconciliation/types";
import { applyView } from "@/lib/table/view";
import { fundsTableColumns } from "./funds-table-columns";
import { FundsTableToolbar } from "./funds-table-toolbar";

const noFunds: FundGridRow[] = [];

export function FundsTable() {
  const { data, error, refetch, isFetching, dataUpdatedAt } = useQuery(fundGridQuery());
  const { data: reconciliation } = useQuery(reconciliationSummariesQuery());
  const [view, setView] = useFundView();
  const deferredQuery = useDeferredValue(view.q);
  // Each fund's reconciliation line comes from the organization's held lists, as they are read.
  const funds = useMemo(
    () => (data ?? noFunds).map((fund) => ({ ...fund, reconciliation: reconciliation?.funds[fund.id] })),
    [data, reconciliation],
  );
  const rows = useMemo(
    () => applyView(funds, fundGridColumns, fundViewOptions({ ...view, q: deferredQuery })),
    [funds, deferredQuery, view],
  );
  const { sort, q: query } = view;
  const statusOptions = useMemo(() => {
    const counts = new Map<ReconciliationStatus, number>();
    for (const fund of funds)
      counts.set(reconciliationStatusOf(fund), (counts.get(reconciliationStatusOf(fund)) ?? 0) + 1);
    return reconciliationStatuses.map((status) => ({
      value: status,
      label: reconciliationLabels[status],
      count: counts.get(status) ?? 0,
    }));
  }, [funds]);
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

  if (error && !data) {
    return <ErrorPanel message={error.message} onRetry={() => void refetch()} retrying={isFetching} />;
  }
  if (!data) return <TableSkeleton />;
  return (
    <section aria-label="Funds">
      <FundsTableToolbar
        query={query}
        onQueryChange={(value) => void setView({ q: value || null })}
        shown={rows.length}
        total={funds.length}
        updatedAt={dataUpdatedAt}
        onRefresh={() => void refetch()}
        refreshing={isFetching}
        csvHref={(options) => fundsCsvUrl({ ...view, q: deferredQuery }, options)}
        reconciliationOptions={statusOptions}
        reconciliation={view.reconciliation}
        onReconciliationChange={(chosen) =>
          void setView({ reconciliation: chosen.length > 0 ? (chosen as ReconciliationStatus[]) : null })
        }
      />
      {error ? <ErrorPanel title="Refresh failed" message={error.message} onRetry={() => void refetch()} /> : null}
      <DataTable
        table={table}
        allRows={funds}
        label="Funds"
        empty={
          funds.length === 0 ? "No funds are visible to this dashboard's API token." : `No funds match “${query}”.`
        }
      />
    </section>
  );
}
