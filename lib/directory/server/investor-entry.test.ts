import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { sumDecimals } from "../../values/decimal";
import { displayLength } from "../../values/display-length";
import { directoryColumns } from "../columns";
import { amountFields, type Position } from "../../fund-reads/server/positions";

vi.mock("../../server/env", () => ({ serverEnv: () => ({ DIRECTORY_MATCH_SECRET: "k".repeat(40) }) }));
const { investorEntry } = await import("./investor-entry");

const decimal = fc
  .tuple(fc.constantFrom("", "-", "+"), fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.integer({ min: 0, max: 5 }))
  .map(([sign, digits, scale]) => {
    const text = digits.toString().padStart(scale + 1, "0");
    return `${sign}${scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`}`;
  });
const amount = fc.oneof(decimal, fc.constantFrom(null, "n/a", "1e5", " 7 "));

const positionWith = (amounts: (string | null)[], at: number): Position =>
  ({
    fundId: `f${at}`,
    investorId: "i",
    name: "Ann",
    email: null,
    investorType: "Individual",
    invited: null,
    search: "ann",
    amounts: Object.fromEntries(amountFields.map((field, index) => [field, amounts[index] ?? null])),
    taxKey: null,
    emailKey: null,
  }) as Position;

describe("investorEntry", () => {
  it("sums each money column exactly, written as big.js writes it, and measures each column as the page shows it", () => {
    fc.assert(
      fc.property(fc.array(fc.array(amount, { minLength: 5, maxLength: 5 }), { minLength: 1, maxLength: 6 }), (all) => {
        const { entry, lengths } = investorEntry("key", "none", all.map(positionWith));
        amountFields.forEach((field, index) =>
          expect(entry.row[field]).toBe(sumDecimals(all.map((amounts) => amounts[index]))),
        );
        expect(lengths).toEqual(directoryColumns.map((column) => displayLength(column.kind, column.value(entry.row))));
      }),
      { numRuns: 500 },
    );
  });
});
