"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { DataTableFacetFilter } from "@/components/data-table/data-table-facet-filter";
import { DataTableSearch } from "@/components/data-table/data-table-search";
import { ViewDownload } from "@/components/data-table/view-download";
import { dataTableFeatures } from "@/components/data-table/features";
import { onSortingChangeFor, sortingOf } from "@/components/data-table/sorting";
import { TotalsFooter } from "@/components/data-table/totals-footer";
import { usePagedRows } from "@/components/data-table/use-paged-rows";
import { PagedTableNotices } from "@/components/data-table/paged-table-notices";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Freshness } from "@/components/ui/freshness";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import { directoryRowsQuery, refreshDirectory } from "@/lib/directory/queries";
import { investorsCsvUrl, useDirectoryView } from "@/lib/directory/search-params";
import { DirectoryStatus } from "./directory-status";
import { directoryTableColumns } from "./directory-table-columns";
import { countOf } from "@/lib/values/count";

const count = new Intl.NumberFormat("en-US");

/** Every investor of the organization, one row per person across funds; the server matches, sorts, searches and totals. */
export function DirectoryTable() {
  const queryClient = useQueryClient();
  const [view, setView] = useDirectoryView();
  const { query, first, rows, onNearEnd, notice, retry } = usePagedRows(directoryRowsQuery(view));
  const { error, refetch, isFetching, isFetchingNextPage, isPlaceholderData } = query;
  const typeOptions = useMemo(
    () => (first?.types ?? []).map(({ value, count }) => ({ value, label: value, count })),
    [first?.types],
  );
  const table = useTable({
    features: dataTableFeatures,
    columns: directoryTableColumns,
    data: rows,
    getRowId: (row) => row.key,
    manualSorting: true,
    sortDescFirst: false,
    state: { sorting: sortingOf(view.sort) },
    onSortingChange: onSortingChangeFor(view.sort, (sort) => void setView({ sort })),
  });

  if (error && !first)
    return <ErrorPanel message={error.message} onRetry={() => void refetch()} retrying={isFetching} />;
  if (!first) return <TableSkeleton label="Loading investors" />;
  return (
    <section aria-label="Investor directory">
      <DirectoryStatus
        progress={first.progress}
        complete={first.complete}
        kept={first.kept}
        failedFunds={first.failedFunds}
        failedCount={first.failedCount}
        onRetry={() => void refreshDirectory(queryClient)}
        retrying={isFetching && !isFetchingNextPage}
      />
      <div className="mb-3 flex flex-wrap items-start gap-3">
        <DataTableSearch
          label="Search investors"
          placeholder="Search name, email, joint name, team, tax id's last 4…"
          value={view.q}
          onChange={(q) => void setView({ q: q || null })}
        />
        <DataTableFacetFilter
          title="Type"
          options={typeOptions}
          selected={view.type}
          onChange={(type) => void setView({ type: type.length > 0 ? type : null })}
        />
        <p className="pt-2 text-sm text-zinc-700 dark:text-zinc-300" aria-live="polite">
          {count.format(first.matched)} of {countOf(first.total, "investor")}
          {first.complete ? "" : " so far"}
        </p>
        <div className="ml-auto flex flex-wrap items-start gap-3">
          <Freshness
            updatedAt={first.asOf ? Date.parse(first.asOf) : query.dataUpdatedAt}
            onRefresh={() => void refreshDirectory(queryClient)}
            refreshing={first.reading}
          />
          <ViewDownload url={investorsCsvUrl({ view })} partialUrl={investorsCsvUrl({ view, partial: true })} />
        </div>
      </div>
      <PagedTableNotices notice={notice} error={error} retry={retry} rows="investors" />
      <DataTable
        table={table}
        longest={first.longest}
        rowCount={first.matched}
        busy={isPlaceholderData}
        onNearEnd={onNearEnd}
        label="Investors"
        empty={
          first.total === 0
            ? first.complete
              ? "No investors in any fund."
              : "No investors read yet."
            : "No investors match this search and filter."
        }
        footer={<TotalsFooter columns={table.getVisibleLeafColumns()} count={first.matched} totals={first.totals} />}
      />
    </section>
  );
}
