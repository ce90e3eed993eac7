import { describe, expect, it } from "vitest";
import { displayLength } from "./display-length";
import { formatCount, formatDate, formatMoney, formatPercent } from "./format";

describe("displayLength", () => {
  it("matches the formatted length of money, percentages and counts", () => {
    const values = ["0", "0.0", "5", "-500.00", "1000", "12345678901234567.89", "999999.999", "007.5", "100000", 42];
    for (const value of values) {
      expect(displayLength("money", value), String(value)).toBe(formatMoney(value).length);
      expect(displayLength("percent", value), String(value)).toBe(formatPercent(value).length);
    }
    for (const value of ["0", "7", "1000", "1234567", 50000]) {
      expect(displayLength("count", value)).toBe(formatCount(value).length);
    }
  });

  it("counts a date as its formatted day, and odd values as they come", () => {
    expect(displayLength("date", "2022-07-12T16:04:05.123Z")).toBe(formatDate("2022-07-12T16:04:05.123Z").length);
    expect(displayLength("date", "soon")).toBe(4);
    expect(displayLength("money", "about 5k")).toBe(8);
    expect(displayLength("text", null)).toBe(1);
  });
});
