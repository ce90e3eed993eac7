import { Group } from "@visx/group";
import { scaleLinear, scaleTime } from "@visx/scale";
import { LinePath } from "@visx/shape";
import { formatMoney } from "@/lib/values/format";
import { readDay } from "@/lib/table/since";
import { decimalToPlotNumber, exactExtent, plotDomain, timeDomain } from "./chart-scale";

// A line chart drawn on the server as SVG (no client JS): decoration over an exact table, so hidden from
// assistive technology; colours are Tailwind text classes read through currentColor, so dark mode follows.

export interface LineSeries {
  label: string;
  points: { at: string; value: string | null }[];
}

interface LineChartProps {
  series: LineSeries[];
  /** The drawing's own units; the SVG scales to its container's width. */
  width?: number;
  height?: number;
}

const colours = [
  "text-blue-600 dark:text-blue-400",
  "text-emerald-600 dark:text-emerald-400",
  "text-amber-600 dark:text-amber-400",
  "text-fuchsia-600 dark:text-fuchsia-400",
  "text-zinc-500 dark:text-zinc-300",
];
const margin = { top: 18, right: 8, bottom: 34, left: 8 };

/** The series as lines over time, with the exact smallest and largest values and the first and last day. */
export function LineChart({ series, width = 560, height = 180 }: LineChartProps) {
  const extent = exactExtent(series.flatMap((line) => line.points.map((point) => point.value)));
  const instants = series.flatMap((line) => line.points.map((point) => point.at));
  if (!extent || instants.length === 0) return null;
  const x = scaleTime({ domain: timeDomain(instants), range: [margin.left, width - margin.right] });
  const y = scaleLinear({ domain: plotDomain(extent), range: [height - margin.bottom, margin.top] });
  const plotted = (line: LineSeries) =>
    line.points.flatMap((point) =>
      point.value === null ? [] : [{ x: x(Date.parse(point.at)), y: y(decimalToPlotNumber(point.value)) }],
    );
  const first = instants.reduce((a, b) => (a < b ? a : b));
  const last = instants.reduce((a, b) => (a > b ? a : b));
  return (
    <div aria-hidden="true" className="text-zinc-600 dark:text-zinc-400">
      <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" focusable="false">
        <line
          x1={margin.left}
          x2={width - margin.right}
          y1={height - margin.bottom}
          y2={height - margin.bottom}
          stroke="currentColor"
          strokeOpacity={0.3}
        />
        <text x={margin.left} y={12} fontSize={11} fill="currentColor">
          {formatMoney(extent.max)}
        </text>
        <text x={margin.left} y={height - margin.bottom + 13} fontSize={11} fill="currentColor">
          {formatMoney(extent.min)}
        </text>
        <text x={margin.left} y={height - 4} fontSize={11} fill="currentColor">
          {readDay(first)}
        </text>
        <text x={width - margin.right} y={height - 4} fontSize={11} fill="currentColor" textAnchor="end">
          {readDay(last)}
        </text>
        {series.map((line, index) => {
          const points = plotted(line);
          return (
            <Group key={line.label} className={colours[index % colours.length]}>
              <LinePath
                data={points}
                x={(point) => point.x}
                y={(point) => point.y}
                stroke="currentColor"
                strokeWidth={2}
              />
              {points.map((point, at) => (
                <circle key={at} cx={point.x} cy={point.y} r={3} fill="currentColor" />
              ))}
            </Group>
          );
        })}
      </svg>
      <ul className="mt-1 flex flex-wrap gap-x-4 text-xs">
        {series.map((line, index) => (
          <li key={line.label} className="flex items-center gap-1">
            <span className={`inline-block h-0.5 w-4 bg-current ${colours[index % colours.length]}`} />
            {line.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
