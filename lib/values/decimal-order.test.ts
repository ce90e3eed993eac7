import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareDecimals } from "./decimal-order";

const decimal = fc
  .tuple(fc.constantFrom("", "+", "-"), fc.stringMatching(/^\d{1,22}$/), fc.option(fc.stringMatching(/^\d{1,12}$/)))
  .map(([sign, whole, fraction]) => `${sign}${whole}${fraction === null ? "" : `.${fraction}`}`);

describe("compareDecimals", () => {
  it("orders exactly as big.js does, whatever the signs, scales and leading zeros", () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        expect(compareDecimals(a, b)).toBe(new Big(a.replace(/^\+/, "")).cmp(b.replace(/^\+/, "")));
      }),
    );
  });

  it("tells apart values a double rounds alike", () => {
    expect(compareDecimals("9007199254740993.01", "9007199254740993.001")).toBe(1);
    expect(compareDecimals("-0.0", "0")).toBe(0);
    expect(compareDecimals("+1.50", "1.5")).toBe(0);
  });
});
