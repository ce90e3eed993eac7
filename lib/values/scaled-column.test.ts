import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sumDecimals } from "./decimal";
import { ScaledColumn } from "./scaled-column";

describe("ScaledColumn", () => {
  it("sums any subset exactly, as big.js does, whatever the scales and signs", () => {
    const decimal = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 17n }), fc.integer({ min: 0, max: 4 }))
      .map(([negative, digits, scale]) => {
        const text = digits.toString().padStart(scale + 1, "0");
        const value = scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
        return negative && digits > 0n ? `-${value}` : value;
      });
    const values = fc.array(fc.oneof(decimal, fc.constant(null), fc.constant("n/a"), fc.integer().map(String)), {
      maxLength: 40,
    });
    fc.assert(
      fc.property(values, fc.array(fc.nat(), { maxLength: 20 }), (raw, picks) => {
        const column = new ScaledColumn(raw);
        const positions = [...new Set(picks.map((pick) => pick % Math.max(1, raw.length)))].filter(
          (at) => at < raw.length,
        );
        expect(column.sum(positions)).toBe(sumDecimals(positions.map((at) => raw[at])));
      }),
      { numRuns: 500 },
    );
  });

  it("keeps 17-digit amounts exact and gives null when nothing is a decimal", () => {
    const column = new ScaledColumn(["12345678901234567.89", "0.01", null, "+1"]);
    expect(column.sum([0, 1, 2, 3])).toBe("12345678901234568.9");
    expect(column.sum([2])).toBeNull();
  });
});
