import { scaleBand, scaleLinear } from "@visx/scale";
import { decimalToPlotNumber } from "./chart-scale";

// Scales of the horizontal bar charts: rows down a band scale, amounts across a linear one from zero.

/** A bar's length from a decimal string: through the one decimal-to-float helper, never negative or NaN. */
export function plotValue(decimal: string | null | undefined): number {
  if (decimal === null || decimal === undefined) return 0;
  const value = decimalToPlotNumber(decimal);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** Compact tick labels ("1.2B") for an axis of plotted amounts. */
export const tickLabel = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

export interface BarLayout {
  width: number;
  labelWidth: number;
  rowHeight: number;
  axisHeight: number;
}

export const defaultBarLayout: BarLayout = { width: 640, labelWidth: 200, rowHeight: 28, axisHeight: 28 };

/** The band scale of `keys` and the linear scale of amounts up to `max`, within the layout. */
export function barScales(keys: readonly string[], max: number, layout: BarLayout) {
  const height = keys.length * layout.rowHeight;
  const rows = scaleBand<string>({ domain: [...keys], range: [0, height], padding: 0.2 });
  const amounts = scaleLinear<number>({
    domain: [0, max > 0 ? max : 1],
    range: [0, layout.width - layout.labelWidth - 16],
    nice: true,
  });
  return { rows, amounts, height };
}
