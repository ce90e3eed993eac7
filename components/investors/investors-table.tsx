"use client";

import { useQueryClient } from "@tanstack/react-query";
import { type ColumnVisibilityState, type Updater, useTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { DataTableViewOptions } from "@/components/data-table/data-table-view-options";
import { dataTableFeatures } from "@/components/data-table/features";
import { onSortingChangeFor, sortingOf } from "@/components/data-table/sorting";
import { ErrorPanel } from "@/components/ui/error-panel";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import {
  defaultInvestorColumnIds,
  type InvestorColumnId,
  investorColumns,
  sortableInvestorColumnIds,
  visibleInvestorColumnIds,
} from "@/lib/investors/columns";
import type { Investor } from "@/lib/investors/types";
import { fundInvestorRowsAhead, fundInvestorRowsQuery } from "@/lib/investors/queries";
import { investorCsvUrl, investorViewSearch, useInvestorTableState } from "@/lib/investors/search-params";
import { InvestorViewSearch, investorsTableColumns } from "./investors-table-columns";
import { TotalsFooter } from "@/components/data-table/totals-footer";
import { usePagedRows } from "@/components/data-table/use-paged-rows";
import { PagedTableNotices } from "@/components/data-table/paged-table-notices";
import { InvestorsTableToolbar, readingText } from "./investors-table-toolbar";

const noRows: Investor[] = [];

interface InvestorsTableProps {
  fundId: string;
}

/** The fund's investors in the URL's view; the server searches, filters, sorts and totals, the table shows pages. */
export function InvestorsTable({ fundId }: InvestorsTableProps) {
  const [{ cols, ...view }, setState] = useInvestorTableState();
  const queryClient = useQueryClient();
  const visibleIds = useMemo(() => visibleInvestorColumnIds(cols), [cols]);
  const { query, first, rows, onNearEnd, notice, retry } = usePagedRows(
    fundInvestorRowsQuery(fundId, view, visibleIds),
  );
  const { error, refetch, isFetching, isPlaceholderData } = query;
  const typeOptions = useMemo(
    () => (first?.types ?? []).map(({ value, count }) => ({ value, label: value, count })),
    [first?.types],
  );
  const columns = useMemo(() => investorsTableColumns(fundId), [fundId]);
  // The rows' table holds only the columns on screen, in the spec's order: TanStack builds a cell of every column for
  // each row it renders, and the 48 columns made the server render of the first screen about a third dearer.
  const shownColumns = useMemo(
    () => columns.filter((column) => visibleIds.includes(column.id as InvestorColumnId)),
    [columns, visibleIds],
  );
  const columnVisibility = useMemo<ColumnVisibilityState>(
    () => Object.fromEntries(investorColumns.map((column) => [column.id, visibleIds.includes(column.id)])),
    [visibleIds],
  );

  function onColumnVisibilityChange(updater: Updater<ColumnVisibilityState>) {
    const next = typeof updater === "function" ? updater(columnVisibility) : updater;
    const ids = investorColumns.filter((column) => next[column.id]).map((column) => column.id);
    void setState({ cols: ids.join() === defaultInvestorColumnIds.join() ? null : ids });
  }

  // A view's first page asked for ahead: at a header's hover or focus, for every header once the view settles, and at
  // the click or keystroke itself, not after React has rendered the table for it.
  const askAhead = (next: Partial<typeof view>) =>
    queryClient.prefetchInfiniteQuery(
      fundInvestorRowsAhead(fundId, { ...view, ...next }, visibleIds, first?.version ?? null),
    );

  const table = useTable({
    features: dataTableFeatures,
    columns: shownColumns,
    data: rows,
    getRowId: (investor) => investor.id,
    manualSorting: true,
    sortDescFirst: false,
    state: { sorting: sortingOf(view.sort) },
    onSortingChange: onSortingChangeFor(view.sort, (sort) => {
      void askAhead({ sort });
      void setState({ sort });
    }),
  });
  // The column picker's table: every column, no rows.
  const pickerTable = useTable({
    features: dataTableFeatures,
    columns,
    data: noRows,
    state: { columnVisibility },
    onColumnVisibilityChange,
  });

  if (error && !first) {
    return <ErrorPanel message={error.message} onRetry={() => void refetch()} retrying={isFetching} />;
  }
  if (!first) return <TableSkeleton label="Loading investors" />;
  return (
    <InvestorViewSearch value={investorViewSearch(view)}>
      <InvestorsTableToolbar
        query={view.q}
        onQueryChange={(value) => {
          void askAhead({ q: value });
          void setState({ q: value || null });
        }}
        typeOptions={typeOptions}
        types={view.type}
        onTypesChange={(types) => void setState({ type: types.length > 0 ? types : null })}
        shown={first.matched}
        total={first.total}
        fetchedAt={first.fetchedAt}
        kept={first.kept}
        reading={first.reading}
        columnPicker={<DataTableViewOptions table={pickerTable} onReset={() => void setState({ cols: null })} />}
        outstanding={view.outstanding}
        onOutstandingChange={(outstanding) => void setState({ outstanding: outstanding || null })}
        check={view.check}
        onClearCheck={() => void setState({ check: null })}
        csvHref={(options) =>
          investorCsvUrl(`/api/funds/${encodeURIComponent(fundId)}/investors.csv`, view, {
            ...options,
            followUps: visibleIds.includes("followUp"),
          })
        }
      />
      <PagedTableNotices notice={notice} error={error} retry={retry} rows="investors" />
      <DataTable
        table={table}
        longest={first.longest}
        rowCount={first.matched}
        busy={isPlaceholderData}
        onNearEnd={onNearEnd}
        onSortIntent={(id, order) => {
          // The first page of the order a click would give, fetched ahead: the click then paints from the cache.
          const column = sortableInvestorColumnIds.find((candidate) => candidate === id);
          if (!column) return;
          return askAhead({ sort: order ? { id: column, direction: order } : null });
        }}
        // A new version of the list (read again) has every order fetched ahead again.
        prefetchSortsFor={
          first.complete && !isPlaceholderData
            ? `${investorViewSearch(view)}|${visibleIds.join()}|${first.version}`
            : null
        }
        label="Investors"
        empty={
          first.reading
            ? readingText(first.reading)
            : first.total === 0
              ? "This fund has no investors yet."
              : "No investors match this search and filter."
        }
        footer={
          <TotalsFooter
            columns={table.getVisibleLeafColumns()}
            count={first.matched}
            totals={first.totals}
            counting={!first.complete}
          />
        }
      />
    </InvestorViewSearch>
  );
}
