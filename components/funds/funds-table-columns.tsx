import type { ColumnDef } from "@tanstack/react-table";
import type { DataTableFeatures } from "@/components/data-table/features";
import { specColumn } from "@/components/data-table/spec-column";
import { TableLink } from "@/components/data-table/table-link";
import { fundGridColumns, fundName } from "@/lib/funds/columns";
import type { FundGridRow } from "@/lib/funds/types";
import { countOf } from "@/lib/values/count";

function reconciliationText(fund: FundGridRow): string {
  const summary = fund.reconciliation;
  if (!summary || summary.status === "unread") return "not read yet";
  if (summary.status === "failed") return "could not be read";
  if (summary.status === "ties") return "Ties out";
  return countOf(summary.differences, "difference");
}

/** The grid's TanStack columns, one per lib column spec; the Fund column links to the fund page. */
export const fundsTableColumns: ColumnDef<DataTableFeatures, FundGridRow, unknown>[] = fundGridColumns.map((spec) => {
  if (spec.id === "name") {
    return specColumn(spec, {
      maxChars: 34,
      cell: (fund) => <TableLink href={`/funds/${encodeURIComponent(fund.id)}`} text={fundName(fund)} />,
    });
  }
  if (spec.id === "reconciliation") {
    return specColumn(spec, {
      cell: (fund) => (
        <span data-reconciliation={fund.reconciliation?.status ?? "unread"}>{reconciliationText(fund)}</span>
      ),
    });
  }
  return specColumn(spec);
});
