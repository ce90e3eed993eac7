"use client";

import { useQuery } from "@tanstack/react-query";
import { type ColumnVisibilityState, type Updater, useTable } from "@tanstack/react-table";
import { useDeferredValue, useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { DataTableViewOptions } from "@/components/data-table/data-table-view-options";
import { dataTableFeatures } from "@/components/data-table/features";
import { ErrorPanel } from "@/components/ui/error-panel";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import type { Investor } from "@/lib/customer-api/schemas";
import { defaultInvestorColumnIds, investorColumns, investorTypeOf } from "@/lib/investors/investor-columns";
import { investorViewOptions, investorViewSearch } from "@/lib/investors/investor-view";
import { fundInvestorsQuery } from "@/lib/queries";
import { csvUrl } from "@/lib/csv/url";
import { serializeSort } from "@/lib/table/sort-state";
import { applyView } from "@/lib/table/view";
import { investorsTableColumns } from "./investors-table-columns";
import { InvestorsTableFooter, moneyTotals } from "./investors-table-footer";
import { InvestorsTableToolbar } from "./investors-table-toolbar";
import { useInvestorView } from "./use-investor-view";

interface InvestorsTableProps {
  fundId: string;
}

const noInvestors: Investor[] = [];

export function InvestorsTable({ fundId }: InvestorsTableProps) {
  const { data, error, refetch, isFetching } = useQuery(fundInvestorsQuery(fundId));
  const { view, sorting, onSortingChange, setQuery, setTypes, visibleIds, setCols } = useInvestorView();
  const deferredView = useDeferredValue(view);
  const investors = data ?? noInvestors;
  const { query, types, sort } = deferredView;
  // Searching and filtering decide which rows; sorting only their order, so the totals survive a sort untouched.
  const filtered = useMemo(
    () => applyView(investors, investorColumns, { ...investorViewOptions({ query, types, sort: null }) }),
    [investors, query, types],
  );
  const rows = useMemo(() => applyView(filtered, investorColumns, { sort }), [filtered, sort]);
  const totals = useMemo(() => moneyTotals(filtered), [filtered]);
  const typeOptions = useMemo(() => {
    const counts = new Map<string, number>();
    for (const investor of investors) counts.set(investorTypeOf(investor), (counts.get(investorTypeOf(investor)) ?? 0) + 1);
    return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([value, count]) => ({ value, label: value, count }));
  }, [investors]);
  const viewSearch = investorViewSearch(deferredView);
  const columns = useMemo(() => investorsTableColumns(fundId, viewSearch), [fundId, viewSearch]);
  const columnVisibility = useMemo<ColumnVisibilityState>(
    () => Object.fromEntries(investorColumns.map((column) => [column.id, visibleIds.includes(column.id)])),
    [visibleIds],
  );

  function onColumnVisibilityChange(updater: Updater<ColumnVisibilityState>) {
    const next = typeof updater === "function" ? updater(columnVisibility) : updater;
    const ids = investorColumns.filter((column) => next[column.id]).map((column) => column.id);
    const isDefault = ids.join() === defaultInvestorColumnIds.join();
    void setCols(isDefault ? null : ids);
  }

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows,
    getRowId: (investor) => investor.id,
    manualSorting: true,
    sortDescFirst: false,
    state: { sorting, columnVisibility },
    onSortingChange,
    onColumnVisibilityChange,
  });

  if (error && !data) {
    return <ErrorPanel message={error.message} onRetry={() => void refetch()} retrying={isFetching} />;
  }
  if (!data) return <TableSkeleton label="Loading investors" />;
  return (
    <>
      <InvestorsTableToolbar
        query={view.query}
        onQueryChange={(value) => void setQuery(value || null)}
        typeOptions={typeOptions}
        types={view.types}
        onTypesChange={(types) => void setTypes(types.length > 0 ? types : null)}
        shown={rows.length}
        total={investors.length}
        columnPicker={<DataTableViewOptions table={table} onReset={() => void setCols(null)} />}
        csvHref={(options) =>
          csvUrl(
            `/api/funds/${encodeURIComponent(fundId)}/investors.csv`,
            { sort: serializeSort(deferredView.sort), q: deferredView.query, type: deferredView.types.join(",") },
            options,
          )
        }
      />
      {error ? <ErrorPanel title="Refresh failed" message={error.message} onRetry={() => void refetch()} /> : null}
      <DataTable
        table={table}
        allRows={investors}
        label="Investors"
        empty={investors.length === 0 ? "This fund has no investors yet." : "No investors match this search and filter."}
        footer={<InvestorsTableFooter columns={table.getVisibleLeafColumns()} count={rows.length} totals={totals} />}
      />
    </>
  );
}
