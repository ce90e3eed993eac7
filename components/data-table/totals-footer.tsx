import type { Column, RowData } from "@tanstack/react-table";
import type { DataTableFeatures } from "@/components/data-table/features";
import { formatMoney } from "@/lib/values/format";

interface TotalsFooterProps<T extends RowData> {
  columns: Column<DataTableFeatures, T, unknown>[];
  /** How many rows the totals cover. */
  count: number;
  /** Exact totals of the amount columns over every row of the view (not only those loaded), by column id. */
  totals: Readonly<Record<string, string | null>>;
  /** The rows are still arriving: no count or totals yet. */
  counting?: boolean;
}

/** Exact decimal totals of the amount columns over the rows shown. */
export function TotalsFooter<T extends RowData>({ columns, count, totals, counting = false }: TotalsFooterProps<T>) {
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
              {counting ? "Totals: still counting…" : `Total of ${count.toLocaleString("en-US")} shown`}
            </th>
          );
        }
        const isMoney = Object.hasOwn(totals, column.id);
        const total = totals[column.id] ?? null;
        return (
          <td
            key={column.id}
            className="px-3 py-2 text-right tabular-nums"
            data-total={isMoney ? column.id : undefined}
          >
            {total === null ? "" : formatMoney(total)}
          </td>
        );
      })}
    </tr>
  );
}
