import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import type { DataTableFeatures } from "@/components/data-table/features";
import { specColumn } from "@/components/data-table/spec-column";
import type { Fund } from "@/lib/customer-api/schemas";
import { fundGridColumns, fundName } from "@/lib/funds/fund-columns";

/** The grid's TanStack columns, one per lib column spec; the Fund column links to the fund page. */
export const fundsTableColumns: ColumnDef<DataTableFeatures, Fund, unknown>[] = fundGridColumns.map((spec) =>
  spec.id === "name"
    ? specColumn(spec, {
        maxChars: 34,
        cell: (fund) => (
          <Link
            // Each prefetch would render a page on the server and call the upstream: a grid of links is not worth it.
            prefetch={false}
            href={`/funds/${encodeURIComponent(fund.id)}`}
            className="font-medium text-blue-700 hover:underline dark:text-blue-300"
            title={fundName(fund)}
          >
            {fundName(fund)}
          </Link>
        ),
      })
    : specColumn(spec),
);
