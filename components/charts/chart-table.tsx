import Link from "next/link";
import type { ReactNode } from "react";
import type { BarChartRow, BarSeries } from "./bar-chart";

// The exact values of a chart, as a table: what a screen reader, a keyboard or a copy-paste reads instead of bars.

interface ChartTableProps<Series extends string> {
  caption: string;
  /** The header of the rows' labels ("Fund", "Investor type"). */
  rowHeader: string;
  rows: readonly BarChartRow<Series>[];
  /** The columns; one may format its values its own way (a share beside amounts). */
  series: readonly (Pick<BarSeries<Series>, "id" | "label"> & { format?: Format })[];
  format: Format;
}

type Format = (value: string | null) => ReactNode;

export function ChartTable<Series extends string>({
  caption,
  rowHeader,
  rows,
  series,
  format,
}: ChartTableProps<Series>) {
  return (
    <div className="@container relative mt-3 overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="mb-1 text-left text-xs font-medium text-zinc-600 dark:text-zinc-400">
          {/* As wide as the box, not the table: a table wider than a phone scrolls, its caption stays in view. */}
          <span className="sticky left-0 block max-w-[100cqw]">{caption}</span>
        </caption>
        <thead>
          <tr className="border-b border-zinc-200 text-left dark:border-zinc-800">
            <th scope="col" className="min-w-32 py-1 pr-3 font-medium">
              {rowHeader}
            </th>
            {series.map((item) => (
              <th key={item.id} scope="col" className="whitespace-nowrap py-1 pl-3 text-right font-medium">
                {item.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/60">
              <th scope="row" className="py-0.5 pr-3 text-left font-normal [overflow-wrap:anywhere]">
                {/* A finger's target: 24 px tall however short the name. */}
                <Link
                  href={row.href}
                  className="flex min-h-6 items-center text-blue-700 hover:underline dark:text-blue-300"
                >
                  {row.label}
                </Link>
              </th>
              {series.map((item) => (
                <td key={item.id} className="whitespace-nowrap py-1 pl-3 text-right tabular-nums">
                  {(item.format ?? format)(row.values[item.id])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
