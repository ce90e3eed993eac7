import type { ColumnDef } from "@tanstack/react-table";
import type { DataTableFeatures } from "@/components/data-table/features";
import { specColumn } from "@/components/data-table/spec-column";
import { TableLink } from "@/components/data-table/table-link";
import { FollowUpBadge } from "@/components/notes/follow-up-badge";
import { outstandingColumns } from "@/lib/outstanding/columns";
import type { OutstandingRow } from "@/lib/outstanding/types";

const today = () => new Date().toISOString().slice(0, 10);
const fundPath = (row: OutstandingRow) => `/funds/${encodeURIComponent(row.fund.id)}`;

/** The columns of capital outstanding: the fund and the investor link to their pages. */
export const outstandingTableColumns: ColumnDef<DataTableFeatures, OutstandingRow, unknown>[] = outstandingColumns.map(
  (spec) => {
    if (spec.id === "fund")
      return specColumn(spec, { maxChars: 30, cell: (row) => <TableLink href={fundPath(row)} text={row.fund.name} /> });
    if (spec.id === "name") {
      return specColumn(spec, {
        maxChars: 30,
        cell: (row) => (
          <TableLink href={`${fundPath(row)}/investors/${encodeURIComponent(row.investorId)}`} text={row.name} />
        ),
      });
    }
    if (spec.id === "followUp")
      return specColumn(spec, {
        cell: (row) =>
          row.followUp ? (
            <FollowUpBadge followUp={row.followUp} today={today()} />
          ) : (
            <span className="text-zinc-600 dark:text-zinc-400">No follow-up yet</span>
          ),
      });
    return specColumn(spec, { maxChars: spec.id === "email" ? 30 : undefined });
  },
);
