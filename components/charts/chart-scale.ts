import { compareDecimals } from "@/lib/values/decimal-order";

// What a chart needs of exact values: their exact extent, and numbers for plotting (approximate, by design).

/**
 * A decimal string as a number, for a coordinate only: the one float in the tree. Plotting is approximate (a pixel
 * is far coarser than a double's error); the table beneath the chart is exact.
 */
export function decimalToPlotNumber(value: string): number {
  return Number(value);
}

/** The smallest and largest of the values, compared exactly and given back as they came; null when none. */
export function exactExtent(values: Iterable<string | null>): { min: string; max: string } | null {
  let extent: { min: string; max: string } | null = null;
  for (const value of values) {
    if (value === null) continue;
    if (!extent) extent = { min: value, max: value };
    else if (compareDecimals(value, extent.min) < 0) extent.min = value;
    else if (compareDecimals(value, extent.max) > 0) extent.max = value;
  }
  return extent;
}

/** The y domain to plot: the extent as numbers, widened around a single value so a flat line sits mid-chart. */
export function plotDomain(extent: { min: string; max: string }): [number, number] {
  const min = decimalToPlotNumber(extent.min);
  const max = decimalToPlotNumber(extent.max);
  if (min < max) return [min, max];
  const pad = Math.abs(min) / 10 || 1;
  return [min - pad, max + pad];
}

/** The x domain to plot, in ms since epoch: widened by a day either side around a single instant. */
export function timeDomain(instants: readonly string[]): [number, number] {
  const times = instants.map((at) => Date.parse(at));
  const first = Math.min(...times);
  const last = Math.max(...times);
  return first < last ? [first, last] : [first - 86_400_000, last + 86_400_000];
}
