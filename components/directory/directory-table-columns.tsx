import type { ColumnDef } from "@tanstack/react-table";
import type { DataTableFeatures } from "@/components/data-table/features";
import { specColumn } from "@/components/data-table/spec-column";
import { TableLink } from "@/components/data-table/table-link";
import { directoryColumns } from "@/lib/directory/columns";
import type { DirectoryRow } from "@/lib/directory/types";

/** The directory's columns, one per lib column spec; the name opens the investor across funds. */
export const directoryTableColumns: ColumnDef<DataTableFeatures, DirectoryRow, unknown>[] = directoryColumns.map(
  (spec) =>
    spec.id === "name"
      ? specColumn(spec, {
          maxChars: 34,
          cell: (row) => <TableLink href={`/investors/${encodeURIComponent(row.key)}`} text={row.name} />,
        })
      : specColumn(spec, { maxChars: spec.id === "email" ? 30 : undefined }),
);
