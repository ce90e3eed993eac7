import { type AxisBounds, barAxis, barSegments, plotValue, tickLabel } from "./bar-scale";

// A server-rendered horizontal bar chart (no client JS), drawn in HTML so each row stays 28 CSS px tall and its text
// 12 px at any width. It is for the eye: hidden from assistive technology and out of the tab order, because the
// exact table beside it carries the same values and links.

export interface BarChartRow<Series extends string> {
  key: string;
  label: string;
  href: string;
  values: Record<Series, string | null>;
}

export interface BarSeries<Series extends string> {
  id: Series;
  label: string;
  /** Tailwind background classes, light and dark. */
  className: string;
}

export interface BarChartOptions<Series extends string> extends AxisBounds {
  /** Series stacked end to end (parts of one whole) rather than side by side (compared). */
  stacked?: boolean;
  /** A dashed line down the rows at this value (a share chart's target, 100 %), named in the legend. */
  reference?: { at: number; label: string };
  tickFormat?: (value: number) => string;
  /** A row's figure, printed at the end of its row (a share, where the axis may cut the bar). */
  valueLabel?: (row: BarChartRow<Series>) => string;
}

interface BarChartProps<Series extends string> extends BarChartOptions<Series> {
  rows: readonly BarChartRow<Series>[];
  series: readonly BarSeries<Series>[];
}

// A cut bar's end is notched, as an axis break is drawn.
const notch = "[clip-path:polygon(0_0,100%_0,calc(100%_-_6px)_50%,100%_100%,0_100%)]";

export function BarChart<Series extends string>({
  rows,
  series,
  stacked = false,
  floor,
  cap,
  reference,
  tickFormat = (value) => tickLabel.format(value),
  valueLabel,
}: BarChartProps<Series>) {
  const lengths = rows.map((row) => series.map((item) => plotValue(row.values[item.id])));
  const largest = Math.max(0, ...lengths.map((row) => (stacked ? row.reduce((a, b) => a + b, 0) : Math.max(...row))));
  const axis = barAxis(largest, { floor, cap });
  const bars = lengths.map((row) => barSegments(row, stacked, axis));
  const anyCut = bars.some((row) => row.some((bar) => bar.cut));
  // The same columns on every row and on the axis, so the bars line up: label, plot, and the figure if any. In a
  // narrow chart (a phone) the label takes a line of its own above its bar, whole rather than cut to a few letters.
  const columns = valueLabel
    ? "grid-cols-[minmax(0,1fr)_4rem] @md:grid-cols-[min(34%,13rem)_minmax(0,1fr)_4rem]"
    : "grid-cols-1 @md:grid-cols-[min(34%,13rem)_minmax(0,1fr)]";
  const height = 100 / (stacked ? 1 : series.length);
  return (
    <div aria-hidden="true" className="@container text-xs text-zinc-700 dark:text-zinc-300">
      {rows.map((row, at) => (
        <a
          key={row.key}
          href={row.href}
          tabIndex={-1}
          title={row.label}
          className={`grid ${columns} items-stretch gap-x-2 rounded-sm hover:bg-zinc-100 dark:hover:bg-zinc-800/60`}
        >
          <span className="col-span-full truncate pt-1 @md:col-span-1 @md:self-center @md:pt-0 @md:text-right">
            {row.label}
          </span>
          <span className="relative min-h-6 @md:min-h-7">
            {reference ? (
              <span
                className="absolute inset-y-0 border-l border-dashed border-zinc-500 dark:border-zinc-400"
                style={{ left: `${axis.at(reference.at)}%` }}
              />
            ) : null}
            <span className="absolute inset-x-0 inset-y-1">
              {series.map((item, index) => {
                const bar = bars[at]![index]!;
                return lengths[at]![index]! > 0 ? (
                  <span
                    key={item.id}
                    data-series={item.id}
                    className={`absolute min-w-0.5 ${item.className} ${bar.cut ? notch : ""}`}
                    style={{
                      left: `${bar.left}%`,
                      width: `${bar.width}%`,
                      top: `${stacked ? 0 : index * height}%`,
                      height: `${height}%`,
                    }}
                  />
                ) : null;
              })}
            </span>
          </span>
          {valueLabel ? <span className="self-center text-right tabular-nums">{valueLabel(row)}</span> : null}
        </a>
      ))}
      <div className={`grid ${columns} gap-x-2`}>
        <span className="hidden @md:block" />
        <span className="relative h-5 border-t border-zinc-400 text-[10px] dark:border-zinc-600">
          {axis.ticks.map((tick, index) => {
            const place = axis.at(tick);
            // The end ticks' text stays inside the plot, so the chart is never wider than its panel.
            const shift = place === 0 ? "" : place === 100 ? "-translate-x-full" : "-translate-x-1/2";
            // A narrow plot shows every other tick, so their text does not run together.
            return (
              <span key={tick} className={index % 2 === 1 ? "@max-md:hidden" : undefined}>
                <span
                  className="absolute top-0 h-1 border-l border-zinc-400 dark:border-zinc-600"
                  style={{ left: `${place}%` }}
                />
                <span className={`absolute top-1 ${shift}`} style={{ left: `${place}%` }}>
                  {tickFormat(tick)}
                </span>
              </span>
            );
          })}
        </span>
      </div>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {series.map((item) => (
          <li key={item.id} className="flex items-center gap-1">
            <span className={`inline-block h-2.5 w-2.5 ${item.className}`} />
            {item.label}
          </li>
        ))}
        {reference ? (
          <li className="flex items-center gap-1">
            <span className="inline-block h-3 border-l border-dashed border-zinc-500 dark:border-zinc-400" />
            {reference.label}
          </li>
        ) : null}
        {anyCut ? (
          <li className="flex items-center gap-1">
            <span className={`inline-block h-2.5 w-4 bg-zinc-500 ${notch}`} />
            Past {tickFormat(axis.max)}: cut short
          </li>
        ) : null}
      </ul>
    </div>
  );
}
