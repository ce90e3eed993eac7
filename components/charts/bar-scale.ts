import { scaleLinear } from "@visx/scale";
import { decimalToPlotNumber } from "./chart-scale";

// The axis of the horizontal bar charts, from zero, as places in % of the plot's width: the rows are HTML, so a row
// and its text keep their size in CSS px whatever the screen's width.

/** A bar's length from a decimal string: through the one decimal-to-float helper, never negative or NaN. */
export function plotValue(decimal: string | null | undefined): number {
  if (decimal === null || decimal === undefined) return 0;
  const value = decimalToPlotNumber(decimal);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** Compact tick labels ("1.2B") for an axis of plotted amounts. */
export const tickLabel = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

export interface AxisBounds {
  /** The axis reaches at least this far (a share chart's 100 %), however short every bar is. */
  floor?: number;
  /** The axis ends here at most: a longer bar is cut at the end (one outlier flattens no other bar). */
  cap?: number;
}

export interface BarAxis {
  /** Where the axis ends, in plotted units. */
  max: number;
  ticks: number[];
  /** A value's place along the axis, 0–100 (% of the plot's width); past the end it stays at 100. */
  at: (value: number) => number;
}

/** The axis from zero to the largest value (at least `floor`, at most `cap`), its end rounded to a nice tick. */
export function barAxis(largest: number, { floor = 0, cap = Infinity }: AxisBounds = {}): BarAxis {
  const end = Math.min(cap, Math.max(floor, largest));
  const scale = scaleLinear<number>({ domain: [0, end > 0 ? end : 1], range: [0, 100], nice: true });
  const max = scale.domain()[1]!;
  return { max, ticks: scale.ticks(5), at: (value) => Math.min(100, Math.max(0, scale(value))) };
}

/** One bar of a row, in % of the plot's width; `cut` when its value runs past the axis's end. */
export interface BarSegment {
  left: number;
  width: number;
  cut: boolean;
}

/** A row's bars: side by side from zero (compared), or end to end (`stacked`: parts of one whole). */
export function barSegments(lengths: readonly number[], stacked: boolean, axis: BarAxis): BarSegment[] {
  let start = 0;
  return lengths.map((length) => {
    const from = stacked ? start : 0;
    start += length;
    const left = axis.at(from);
    return { left, width: axis.at(from + length) - left, cut: from + length > axis.max };
  });
}
