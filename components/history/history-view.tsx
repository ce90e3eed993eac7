import { LineChart } from "@/components/charts/line-chart";
import type { History } from "@/lib/history/types";
import { readInstant } from "@/lib/table/since";
import { formatMoney, formatTimestampTitle } from "@/lib/values/format";
import { ScrollRegion } from "@/components/ui/scroll-region";

interface HistoryViewProps {
  /** The table's name for assistive technology, e.g. "History of the position". */
  label: string;
  history?: History;
  /** "History unavailable: …" when the store could not be read. */
  error?: string;
  /** What one point is, said under the table. */
  note: string;
}

// Two reads in the same minute must still read apart in the table: the instant to the second.
const instantText = (at: string) => `${at.slice(0, 19).replace("T", " ")} UTC`;

/** Kept values over time: a chart (decoration, drawn on the server) over the exact table of every value. */
export function HistoryView({ label, history, error, note }: HistoryViewProps) {
  if (error) return <p role="alert">{error}</p>;
  if (!history) return <p role="status">Reading the kept history…</p>;
  const { fields, points } = history;
  if (points.length === 0) return <p>No read has been kept yet: history starts with the first.</p>;
  const series = fields.map((field) => ({
    label: field.label,
    points: points.map((point) => ({ at: point.at, value: point.values[field.key] ?? null })),
  }));
  return (
    <div className="space-y-2">
      {points.length === 1 ? (
        <p className="text-sm">History starts {readInstant(points[0]!.at)}: one kept read so far.</p>
      ) : (
        <LineChart series={series} />
      )}
      <ScrollRegion label={label} className="relative">
        <table aria-label={label} className="w-full text-sm tabular-nums">
          <thead>
            <tr className="border-b border-zinc-200 text-left dark:border-zinc-800">
              <th scope="col" className="py-1 pr-3 font-medium">
                Read at
              </th>
              {fields.map((field) => (
                <th key={field.key} scope="col" className="py-1 pr-3 text-right font-medium">
                  {field.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.at} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/60">
                <th scope="row" className="py-1 pr-3 text-left font-normal whitespace-nowrap">
                  <time dateTime={point.at} title={formatTimestampTitle(point.at)}>
                    {instantText(point.at)}
                  </time>
                </th>
                {fields.map((field) => (
                  <td key={field.key} className="py-1 pr-3 text-right">
                    {formatMoney(point.values[field.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{note}</p>
    </div>
  );
}
