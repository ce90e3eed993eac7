import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import type { DataTableFeatures } from "@/components/data-table/features";
import { specColumn } from "@/components/data-table/spec-column";
import type { Investor } from "@/lib/customer-api/schemas";
import { investorColumns, investorName } from "@/lib/investors/investor-columns";

/** The investor table's columns, one per lib column spec; the name links to the investor page with the view kept. */
export function investorsTableColumns(
  fundId: string,
  viewSearch: string,
): ColumnDef<DataTableFeatures, Investor, unknown>[] {
  return investorColumns.map((spec) =>
    spec.id === "name"
      ? specColumn(spec, {
          maxChars: 34,
          cell: (investor) => (
            <Link
              // Each prefetch would render a page on the server and call the upstream: a grid of links is not worth it.
              prefetch={false}
              href={`/funds/${encodeURIComponent(fundId)}/investors/${encodeURIComponent(investor.id)}${viewSearch}`}
              className="font-medium text-blue-700 hover:underline dark:text-blue-300"
              title={investorName(investor)}
            >
              {investorName(investor)}
            </Link>
          ),
        })
      : specColumn(spec, {}),
  );
}
