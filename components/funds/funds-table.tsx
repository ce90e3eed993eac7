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
import { applyView } from "@/lib/table/view";
import { fundsTableColumns } from "./funds-table-columns";
import { FundsTableToolbar } from "./funds-table-toolbar";

const noFunds: FundGridRow[] = [];

export function FundsTable() {
  const { data, error, refetch, isFetching, dataUpdatedAt } = useQuery(fundGridQuery());
  const [{ sort, q: query }, setView] = useFundView();
  const deferredQuery = useDeferredValue(query);
  const funds = data ?? noFunds;
  const rows = useMemo(
    () => applyView(funds, fundGridColumns, { query: deferredQuery, sort }),
    [funds, deferredQuery, sort],
  );
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
        csvHref={(options) => fundsCsvUrl({ sort, q: deferredQuery }, options)}
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
