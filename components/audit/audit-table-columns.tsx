import type { ColumnDef } from "@tanstack/react-table";
import type { DataTableFeatures } from "@/components/data-table/features";
import { specColumn } from "@/components/data-table/spec-column";
import { auditColumns } from "@/lib/audit/columns";
import type { AuditRow } from "@/lib/audit/types";
import { formatTimestampTitle } from "@/lib/values/format";

/** The audit trail's columns, in its one order (newest first): the time to the millisecond, UTC. */
export const auditTableColumns: ColumnDef<DataTableFeatures, AuditRow, unknown>[] = auditColumns.map((spec) => ({
  ...specColumn(spec, {
    maxChars: spec.id === "detail" ? 60 : 36,
    cell: spec.id === "at" ? (row) => <time dateTime={row.at}>{formatTimestampTitle(row.at)}</time> : undefined,
  }),
  enableSorting: false,
}));
