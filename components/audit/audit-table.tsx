"use client";

import { useTable } from "@tanstack/react-table";
import { DataTable } from "@/components/data-table/data-table";
import { dataTableFeatures } from "@/components/data-table/features";
import { PagedTableNotices } from "@/components/data-table/paged-table-notices";
import { usePagedRows } from "@/components/data-table/use-paged-rows";
import { ViewDownload } from "@/components/data-table/view-download";
import { ErrorPanel } from "@/components/ui/error-panel";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import { auditCsvUrl, auditRowsQuery } from "@/lib/audit/queries";
import { useAuditView } from "@/lib/audit/search-params";
import { AuditFilters } from "./audit-filters";
import { auditTableColumns } from "./audit-table-columns";
import { countOf } from "@/lib/values/count";

const count = new Intl.NumberFormat("en-US");

/** The audit trail of the reader's scope, newest first; the server filters, counts and pages. */
export function AuditTable() {
  const [view, setView] = useAuditView();
  const { query, first, rows, onNearEnd, notice, retry } = usePagedRows(auditRowsQuery(view));
  const { error, refetch, isFetching, isPlaceholderData } = query;
  const table = useTable({
    features: dataTableFeatures,
    columns: auditTableColumns,
    data: rows,
    getRowId: (row) => String(row.id),
    manualSorting: true,
  });

  if (error && !first)
    return <ErrorPanel message={error.message} onRetry={() => void refetch()} retrying={isFetching} />;
  if (!first) return <TableSkeleton label="Loading the audit trail" />;
  const url = auditCsvUrl(view);
  return (
    <section aria-label="Audit trail">
      <div className="mb-3 flex flex-wrap items-start gap-3">
        <AuditFilters view={view} onChange={(change) => void setView(change)} />
        <div className="ml-auto">
          <ViewDownload url={url} partialUrl={url} />
        </div>
      </div>
      <p className="mb-2 text-sm text-zinc-700 dark:text-zinc-300" aria-live="polite">
        {count.format(first.matched)} of {countOf(first.total, "row")}, newest first
      </p>
      <PagedTableNotices notice={notice} error={error} retry={retry} rows="rows" />
      <DataTable
        table={table}
        longest={first.longest}
        rowCount={first.matched}
        busy={isPlaceholderData}
        onNearEnd={onNearEnd}
        label="Audit trail"
        empty={first.total === 0 ? "Nothing recorded yet." : "No row in this view."}
      />
    </section>
  );
}
