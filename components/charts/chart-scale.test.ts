import { describe, expect, it } from "vitest";
import { decimalToPlotNumber, exactExtent, plotDomain, timeDomain } from "./chart-scale";

describe("chart scale", () => {
  it("finds the extent exactly, where doubles could not tell the values apart", () => {
    const values = ["12345678901234567.89", null, "12345678901234567.88", "12345678901234567.9"];
    expect(exactExtent(values)).toEqual({ min: "12345678901234567.88", max: "12345678901234567.9" });
    expect(exactExtent([null])).toBeNull();
    expect(exactExtent(["-0.01", "0", "-10"])).toEqual({ min: "-10", max: "0" });
  });

  it("plots decimals as numbers, approximately", () => {
    expect(decimalToPlotNumber("1000.50")).toBe(1000.5);
    expect(plotDomain({ min: "-10", max: "250.25" })).toEqual([-10, 250.25]);
  });

  it("widens a single value or instant so it sits mid-chart", () => {
    expect(plotDomain({ min: "500.00", max: "500.00" })).toEqual([450, 550]);
    expect(plotDomain({ min: "0", max: "0" })).toEqual([-1, 1]);
    const day = 86_400_000;
    const at = "2026-11-25T00:00:00.000Z";
    expect(timeDomain([at])).toEqual([Date.parse(at) - day, Date.parse(at) + day]);
    expect(timeDomain([at, "2026-11-24T00:00:00.000Z"])).toEqual([Date.parse(at) - day, Date.parse(at)]);
  });
});
