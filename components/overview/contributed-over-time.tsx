import Link from "next/link";
import { LineChart } from "@/components/charts/line-chart";
import { Panel } from "@/components/ui/panel";
import { changesViewSearch } from "@/lib/changes/search-params";
import type { ContributedHistory, ContributedPoint } from "@/lib/overview/types";
import { formatMoney } from "@/lib/values/format";

// The organization's total contributed per day from the kept reads: a line for the eye, the changes as an exact table.

/** The days on which the total changed (and the first and last), newest first: the table stays short and exact. */
function changedDays(points: readonly ContributedPoint[]): ContributedPoint[] {
  const kept = points.filter(
    (point, at) => at === 0 || at === points.length - 1 || point.total !== points[at - 1]!.total,
  );
  return kept.reverse();
}

export function ContributedOverTime({ history }: { history: ContributedHistory }) {
  const rows = changedDays(history.points);
  return (
    <Panel title="Contributed over time">
      {history.error !== null ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{history.error}</p>
      ) : history.points.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Nothing kept yet: the history starts with the first read.
        </p>
      ) : (
        <>
          {history.points.length > 1 ? (
            <LineChart
              series={[
                { label: "Total contributed", points: history.points.map((p) => ({ at: p.day, value: p.total })) },
              ]}
              width={640}
            />
          ) : null}
          <div className="mt-3 max-h-64 overflow-auto">
            <table className="w-full text-sm">
              <caption className="mb-1 text-left text-xs font-medium text-zinc-600 dark:text-zinc-400">
                Total contributed at the end of each day it changed (UTC), from the kept reads, newest first
              </caption>
              <thead>
                <tr className="border-b border-zinc-200 text-left dark:border-zinc-800">
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Day
                  </th>
                  <th scope="col" className="py-1 pl-3 text-right font-medium">
                    Total contributed
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((point) => (
                  <tr key={point.day} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/60">
                    <th scope="row" className="py-0.5 pr-3 text-left font-normal">
                      <Link
                        href={`/changes${changesViewSearch({ since: point.day, kind: [], fund: null, q: "" })}`}
                        className="flex min-h-6 items-center text-blue-700 hover:underline dark:text-blue-300"
                      >
                        <time dateTime={point.day}>{point.day}</time>
                      </Link>
                    </th>
                    <td className="whitespace-nowrap py-1 pl-3 text-right tabular-nums">{formatMoney(point.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Panel>
  );
}
