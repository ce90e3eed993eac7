import { describe, expect, it } from "vitest";
import { percentOf } from "@/lib/values/decimal";
import { barAxis, barSegments, plotValue } from "./bar-scale";

// The share chart's bounds, as the Overview's "Commitments against target" draws them.
const shareBounds = { floor: 100, cap: 200 };

describe("bar axis", () => {
  it("draws each fund against its own target: a 12-quadrillion target shrinks no other fund's bar", () => {
    const shares = [
      percentOf("80000000.00", "100000000.00"),
      percentOf("60368540.50", "12345678901234567.89"),
      percentOf("46677832.24", "41545000.00"),
    ].map(plotValue);
    const axis = barAxis(Math.max(...shares), shareBounds);
    const [eighty, huge, over] = shares.map((share) => barSegments([share], false, axis)[0]!);
    // 80 % of its target is most of the way to the 100 % line, however large another fund's target.
    expect(axis.max).toBe(120);
    expect(eighty!.width).toBeCloseTo((80 / 120) * 100);
    expect(over!.width).toBeGreaterThan(eighty!.width);
    expect(huge!.width).toBeLessThan(0.001);
    expect(axis.at(100)).toBeCloseTo((100 / 120) * 100);
  });

  it("reaches 100 % however short the bars, and cuts a bar past 200 % at the end rather than shrink the rest", () => {
    expect(barAxis(12, shareBounds).max).toBe(100);
    const axis = barAxis(plotValue(percentOf("5000", "1")), shareBounds);
    expect(axis.max).toBe(200);
    expect(barSegments([500_000], false, axis)).toEqual([{ left: 0, width: 100, cut: true }]);
    expect(barSegments([50], false, axis)).toEqual([{ left: 0, width: 25, cut: false }]);
  });

  it("stacks parts end to end, or lays series side by side from zero", () => {
    const axis = barAxis(10);
    expect(axis.ticks).toEqual([0, 2, 4, 6, 8, 10]);
    expect(barSegments([3, 7], true, axis)).toEqual([
      { left: 0, width: 30, cut: false },
      { left: 30, width: 70, cut: false },
    ]);
    expect(barSegments([3, 7], false, axis).map((bar) => bar.left)).toEqual([0, 0]);
  });

  it("plots a missing, negative or unparseable value as no bar", () => {
    expect([null, undefined, "-5", "n/a"].map(plotValue)).toEqual([0, 0, 0, 0]);
    expect(barAxis(0).max).toBe(1);
  });
});
