import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TextBlocks } from "./text-blocks";

describe("TextBlocks", () => {
  it("gives each row's own text back, and finds the rows holding a needle, in blocks of any size", () => {
    const text = fc.array(fc.constantFrom("ab", "b", "ł", "\u0000", "a b"), { maxLength: 3 }).map((p) => p.join(""));
    fc.assert(
      fc.property(
        fc.array(text, { maxLength: 25 }),
        fc.constantFrom("a", "b", "ab", "ba", "ł", "\u0000a", "b\u0000"),
        fc.integer({ min: 1, max: 30 }),
        (rows, needle, blockRows) => {
          const blocks = new TextBlocks(rows, blockRows);
          rows.forEach((row, at) => {
            const { text: held, start, end } = blocks.rowAt(at);
            expect(held.slice(start, end)).toBe(row);
            expect(blocks.startsWith(at, needle)).toBe(row.startsWith(needle));
          });
          expect(blocks.rowsHolding(needle)).toEqual(rows.flatMap((row, at) => (row.includes(needle) ? [at] : [])));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("says a needle holding the rows' separator must be matched row by row", () => {
    expect(TextBlocks.searchable("ann")).toBe(true);
    expect(TextBlocks.searchable("a\u0001b")).toBe(false);
  });
});
