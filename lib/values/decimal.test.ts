import { describe, expect, it } from "vitest";
import { percentOf, shareOf, sumDecimals } from "./decimal";

describe("sumDecimals", () => {
  it("adds exactly where floats would not", () => {
    expect(sumDecimals(["0.10", "0.20"])).toBe("0.3");
    expect(sumDecimals(["12345678901234567.89", "0.01"])).toBe("12345678901234567.9");
  });

  it("skips empty and unparseable values, and says null when nothing adds up", () => {
    expect(sumDecimals(["1.50", null, undefined, "n/a", 2])).toBe("3.5");
    expect(sumDecimals([null, "x"])).toBeNull();
  });

  it("keeps signs, mixed scales and zero exact", () => {
    expect(sumDecimals(["-1.25", "+0.5", "3"])).toBe("2.25");
    expect(sumDecimals(["-0.10", "0.1"])).toBe("0");
    expect(sumDecimals(["-5.005", "2"])).toBe("-3.005");
    expect(sumDecimals(["0.000000000000000000001", "99999999999999999999"])).toBe(
      "99999999999999999999.000000000000000000001",
    );
  });
});

describe("shareOf", () => {
  it("gives a clamped one-decimal percentage", () => {
    expect(shareOf("1", "3")).toBe("33.3");
    expect(shareOf("150", "100")).toBe("100.0");
    expect(shareOf("0", "100")).toBe("0.0");
  });

  it("is null for a missing or zero whole", () => {
    expect(shareOf("5", "0")).toBeNull();
    expect(shareOf("5", null)).toBeNull();
    expect(shareOf(null, "5")).toBeNull();
  });
});

describe("percentOf", () => {
  it("gives the exact percentage, past 100 and far below 0.1 alike", () => {
    expect(percentOf("150", "100")).toBe("150");
    expect(percentOf("+1", "8")).toBe("12.5");
    expect(percentOf("60368540.50", "12345678901234567.89")).toBe("0.00000048898518245087");
  });

  it("is null for a missing, zero or negative whole", () => {
    expect(percentOf("5", "0")).toBeNull();
    expect(percentOf("5", "-1")).toBeNull();
    expect(percentOf(null, "5")).toBeNull();
  });
});
