import type { ColumnDef } from "@tanstack/react-table";
import type { DataTableFeatures } from "@/components/data-table/features";
import { specColumn } from "@/components/data-table/spec-column";
import { TableLink } from "@/components/data-table/table-link";
import { fundGridColumns, fundName } from "@/lib/funds/columns";
import type { FundGridRow } from "@/lib/funds/types";

/** The grid's TanStack columns, one per lib column spec; the Fund column links to the fund page. */
export const fundsTableColumns: ColumnDef<DataTableFeatures, FundGridRow, unknown>[] = fundGridColumns.map((spec) =>
  spec.id === "name"
    ? specColumn(spec, {
        maxChars: 34,
        cell: (fund) => <TableLink href={`/funds/${encodeURIComponent(fund.id)}`} text={fundName(fund)} />,
      })
    : specColumn(spec),
);
