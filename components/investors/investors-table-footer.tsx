import type { Column, RowData } from "@tanstack/react-table";
import type { DataTableFeatures } from "@/components/data-table/features";
import type { Investor } from "@/lib/customer-api/schemas";
import { sumDecimals } from "@/lib/decimal";
import { formatMoney } from "@/lib/format";
import { investorColumns } from "@/lib/investors/investor-columns";

/** Exact decimal totals of every amount column over the given rows, by column id. */
export function moneyTotals(rows: readonly Investor[]): Map<string, string | null> {
  const totals = new Map<string, string | null>();
  for (const spec of investorColumns) {
    if (spec.kind === "money") totals.set(spec.id, sumDecimals(rows.map((row) => spec.value(row))));
  }
  return totals;
}

interface InvestorsTableFooterProps<T extends RowData> {
  columns: Column<DataTableFeatures, T, unknown>[];
  /** How many rows the totals cover. */
  count: number;
  totals: Map<string, string | null>;
}

/** Exact decimal totals of the amount columns over the rows shown. */
export function InvestorsTableFooter<T extends RowData>({ columns, count, totals }: InvestorsTableFooterProps<T>) {
  return (
    <tr className="border-t-2 border-zinc-300 dark:border-zinc-700">
      {columns.map((column, index) => {
        if (index === 0) {
          return (
            <th
              key={column.id}
              scope="row"
              className="sticky left-0 whitespace-nowrap bg-zinc-50 px-3 py-2 text-left dark:bg-zinc-900"
            >
              Total of {count.toLocaleString("en-US")} shown
            </th>
          );
        }
        const isMoney = totals.has(column.id);
        const total = totals.get(column.id) ?? null;
        return (
          <td key={column.id} className="px-3 py-2 text-right tabular-nums" data-total={isMoney ? column.id : undefined}>
            {total === null ? "" : formatMoney(total)}
          </td>
        );
      })}
    </tr>
  );
}
