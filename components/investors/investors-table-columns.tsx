import type { ColumnDef } from "@tanstack/react-table";
import type { DataTableFeatures } from "@/components/data-table/features";
import { specColumn } from "@/components/data-table/spec-column";
import { TableLink } from "@/components/data-table/table-link";
import type { Investor } from "@/lib/customer-api/schemas";
import { investorColumns, investorName } from "@/lib/investors/investor-columns";

/** The investor table's columns, one per lib column spec; the name links to the investor page with the view kept. */
export function investorsTableColumns(
  fundId: string,
  viewSearch: string,
): ColumnDef<DataTableFeatures, Investor, unknown>[] {
  const fundPath = `/funds/${encodeURIComponent(fundId)}/investors`;
  return investorColumns.map((spec) =>
    spec.id === "name"
      ? specColumn(spec, {
          maxChars: 34,
          cell: (investor) => (
            <TableLink href={`${fundPath}/${encodeURIComponent(investor.id)}${viewSearch}`} text={investorName(investor)} />
          ),
        })
      : specColumn(spec),
  );
}
