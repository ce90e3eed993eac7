import type { Column, RowData } from "@tanstack/react-table";
import type { DataTableFeatures } from "@/components/data-table/features";
import type { Investor } from "@/lib/customer-api/schemas";
import { sumDecimals } from "@/lib/decimal";
import { formatMoney } from "@/lib/format";
import { investorColumns } from "@/lib/investors/investor-columns";

interface InvestorsTableFooterProps<T extends RowData> {
  columns: Column<DataTableFeatures, T, unknown>[];
  rows: readonly Investor[];
}

/** Exact decimal totals of the amount columns over the rows shown. */
export function InvestorsTableFooter<T extends RowData>({ columns, rows }: InvestorsTableFooterProps<T>) {
  return (
    <tr className="border-t-2 border-zinc-300 dark:border-zinc-700">
      {columns.map((column, index) => {
        const spec = investorColumns.find((candidate) => candidate.id === column.id);
        if (index === 0) {
          return (
            <th key={column.id} scope="row" className="sticky left-0 whitespace-nowrap bg-zinc-50 px-3 py-2 text-left dark:bg-zinc-900">
              Total of {rows.length.toLocaleString("en-US")} shown
            </th>
          );
        }
        const total = spec?.kind === "money" ? sumDecimals(rows.map((row) => spec.value(row))) : null;
        return (
          <td key={column.id} className="px-3 py-2 text-right tabular-nums" data-total={spec?.kind === "money" ? column.id : undefined}>
            {total === null ? "" : formatMoney(total)}
          </td>
        );
      })}
    </tr>
  );
}
