"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTable } from "@tanstack/react-table";
import { DataTable } from "@/components/data-table/data-table";
import { dataTableFeatures } from "@/components/data-table/features";
import { onSortingChangeFor, sortingOf } from "@/components/data-table/sorting";
import { TotalsFooter } from "@/components/data-table/totals-footer";
import { usePagedRows } from "@/components/data-table/use-paged-rows";
import { PagedTableNotices } from "@/components/data-table/paged-table-notices";
import { ViewDownload } from "@/components/data-table/view-download";
import { DirectoryStatus } from "@/components/directory/directory-status";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Freshness } from "@/components/ui/freshness";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import { outstandingCsvUrl, outstandingRowsQuery, refreshOutstanding } from "@/lib/outstanding/queries";
import { useOutstandingView } from "@/lib/outstanding/search-params";
import { CopyEmails } from "./copy-emails";
import { OutstandingFilters } from "./outstanding-filters";
import { outstandingTableColumns } from "./outstanding-table-columns";
import { countOf, pluralOf } from "@/lib/values/count";

const count = new Intl.NumberFormat("en-US");

/** Every position that still owes capital, overdue first; the server filters, sorts and totals exactly. */
export function OutstandingTable() {
  const queryClient = useQueryClient();
  const [view, setView] = useOutstandingView();
  const { query, first, rows, onNearEnd, notice, retry } = usePagedRows(outstandingRowsQuery(view));
  const { error, refetch, isFetching, isFetchingNextPage, isPlaceholderData } = query;
  const table = useTable({
    features: dataTableFeatures,
    columns: outstandingTableColumns,
    data: rows,
    getRowId: (row) => `${row.fund.id}/${row.investorId}`,
    manualSorting: true,
    sortDescFirst: false,
    state: { sorting: sortingOf(view.sort) },
    onSortingChange: onSortingChangeFor(view.sort, (sort) => void setView({ sort })),
  });

  if (error && !first)
    return <ErrorPanel message={error.message} onRetry={() => void refetch()} retrying={isFetching} />;
  if (!first) return <TableSkeleton label="Loading capital outstanding" />;
  return (
    <section aria-label="Capital outstanding">
      <DirectoryStatus
        progress={first.progress}
        complete={first.complete}
        kept={first.kept}
        failedFunds={first.failedFunds}
        failedCount={first.failedCount}
        onRetry={() => void refreshOutstanding(queryClient)}
        retrying={isFetching && !isFetchingNextPage}
      />
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <OutstandingFilters
          positions={first.version ?? `reading ${first.progress.read} of ${first.progress.total}`}
          fund={view.fund}
          fundName={view.fund === null ? null : (first.rows[0]?.fund.name ?? null)}
          onFundChange={(fund) => void setView({ fund })}
          overdue={view.overdue}
          onOverdueChange={(overdue) => void setView({ overdue: overdue || null })}
          since={view.since}
          onSinceChange={(since) => void setView({ since: since === "7d" ? null : since })}
          paid={view.paid}
          onPaidChange={(paid) => void setView({ paid })}
          followUp={view.followUp}
          onFollowUpChange={(followUp) => void setView({ followUp })}
        />
        <p className="text-sm text-zinc-700 dark:text-zinc-300" aria-live="polite">
          {count.format(first.matched)} of {countOf(first.total, "position")} {pluralOf(first.matched, "owes", "owe")}{" "}
          capital
          {first.complete ? "" : " so far"}
        </p>
        <div className="ml-auto flex flex-wrap items-start gap-3">
          <Freshness
            updatedAt={first.asOf ? Date.parse(first.asOf) : query.dataUpdatedAt}
            onRefresh={() => void refreshOutstanding(queryClient)}
            refreshing={first.reading}
          />
          <CopyEmails view={view} />
          <ViewDownload url={outstandingCsvUrl(view)} partialUrl={outstandingCsvUrl(view, true)} />
        </div>
      </div>
      <PagedTableNotices notice={notice} error={error} retry={retry} rows="positions" />
      <DataTable
        table={table}
        longest={first.longest}
        rowCount={first.matched}
        busy={isPlaceholderData}
        onNearEnd={onNearEnd}
        label="Positions with capital outstanding"
        empty={
          first.total === 0
            ? first.complete
              ? "No position owes capital."
              : "No position owing capital read yet."
            : "No position owes capital in this fund and filter."
        }
        footer={<TotalsFooter columns={table.getVisibleLeafColumns()} count={first.matched} totals={first.totals} />}
      />
    </section>
  );
}
