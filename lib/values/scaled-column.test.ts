import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sumDecimals } from "./decimal";
import { ScaledColumn, scaledDecimal, scaledText, sumScaled } from "./scaled-column";

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

  it("stays exact where partial sums in doubles would pass 2^53, and with values only a BigInt holds", () => {
    const nearMax = "90071992547409.91"; // 2^53 - 1 hundredths
    const column = new ScaledColumn([nearMax, nearMax, "-0.01", nearMax, "123456789012345678.9"]);
    expect(column.numbers).toBeNull();
    expect(column.sum([0, 1, 2, 3])).toBe(sumDecimals([nearMax, nearMax, "-0.01", nearMax]));
    expect(column.sum([0, 1, 2, 3, 4])).toBe(sumDecimals([nearMax, nearMax, "-0.01", nearMax, "123456789012345678.9"]));
    const safe = new ScaledColumn([nearMax, nearMax, null]);
    expect(safe.numbers).not.toBeNull();
    expect(safe.sum(new Int32Array([0, 1, 2]))).toBe("180143985094819.82");
    expect(safe.sum(new Set([2]))).toBeNull();
  });

  it("takes values already scaled, and sums and writes them as big.js does", () => {
    const parts = ["1.10", "-2.5", null, "+3", "0.001"].map(scaledDecimal);
    expect(sumScaled(parts)).toEqual({ units: 1601n, scale: 3 });
    expect(scaledText(1601n, 3)).toBe(sumDecimals(["1.10", "-2.5", "+3", "0.001"]));
    expect(ScaledColumn.of(parts).sum([0, 1, 2, 3, 4])).toBe("1.601");
    const units = new Float64Array([110, Number.NaN, Number.POSITIVE_INFINITY]);
    const column = ScaledColumn.fromUnits(2, units, new Map([[2, 10n ** 20n]]));
    expect(column.sum([0, 1, 2])).toBe("1000000000000000001.1");
    expect(column.valueAt(1)).toBeNull();
  });
});
