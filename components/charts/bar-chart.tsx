import { AxisBottom } from "@visx/axis";
import { Group } from "@visx/group";
import { Bar } from "@visx/shape";
import { barScales, defaultBarLayout, plotValue, tickLabel } from "./bar-scale";

// A server-rendered horizontal bar chart (no client JS). The SVG is for the eye: hidden from assistive technology and
// out of the tab order, because the exact table beside it carries the same values and links.

export interface BarChartRow<Series extends string> {
  key: string;
  label: string;
  href: string;
  values: Record<Series, string | null>;
}

export interface BarSeries<Series extends string> {
  id: Series;
  label: string;
  /** Tailwind fill classes, light and dark. */
  className: string;
}

interface BarChartProps<Series extends string> {
  rows: readonly BarChartRow<Series>[];
  series: readonly BarSeries<Series>[];
  /** Series stacked end to end (parts of one whole) rather than side by side (compared). */
  stacked?: boolean;
}

const shortLabel = (label: string) => (label.length > 28 ? `${label.slice(0, 27)}…` : label);

export function BarChart<Series extends string>({ rows, series, stacked = false }: BarChartProps<Series>) {
  const layout = defaultBarLayout;
  const lengths = rows.map((row) => series.map((item) => plotValue(row.values[item.id])));
  const max = Math.max(0, ...lengths.map((row) => (stacked ? row.reduce((a, b) => a + b, 0) : Math.max(0, ...row))));
  const {
    rows: band,
    amounts,
    height,
  } = barScales(
    rows.map((row) => row.key),
    max,
    layout,
  );
  const inner = band.bandwidth();
  const slot = stacked ? inner : inner / series.length;
  return (
    <div>
      <svg
        viewBox={`0 0 ${layout.width} ${height + layout.axisHeight}`}
        className="h-auto w-full text-zinc-700 dark:text-zinc-300"
        aria-hidden="true"
        focusable="false"
      >
        <Group left={layout.labelWidth}>
          {rows.map((row, at) => {
            const top = band(row.key) ?? 0;
            let start = 0;
            return (
              <a key={row.key} href={row.href} tabIndex={-1}>
                <title>{row.label}</title>
                <text x={-8} y={top + inner / 2} dy="0.33em" textAnchor="end" fontSize={11} fill="currentColor">
                  {shortLabel(row.label)}
                </text>
                {series.map((item, index) => {
                  const length = amounts(lengths[at]![index]!) ?? 0;
                  const x = stacked ? start : 0;
                  start += length;
                  return (
                    <Bar
                      key={item.id}
                      x={x}
                      y={stacked ? top : top + index * slot}
                      width={length}
                      height={slot}
                      className={item.className}
                    />
                  );
                })}
              </a>
            );
          })}
          <AxisBottom
            top={height}
            scale={amounts}
            numTicks={5}
            stroke="currentColor"
            tickStroke="currentColor"
            tickFormat={(value) => tickLabel.format(value.valueOf())}
            tickLabelProps={{ fill: "currentColor", fontSize: 10, textAnchor: "middle" }}
          />
        </Group>
      </svg>
      <ul className="mt-1 flex gap-4 text-xs text-zinc-700 dark:text-zinc-300" aria-hidden="true">
        {series.map((item) => (
          <li key={item.id} className="flex items-center gap-1">
            <svg width="10" height="10" aria-hidden="true">
              <rect width="10" height="10" className={item.className} />
            </svg>
            {item.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
