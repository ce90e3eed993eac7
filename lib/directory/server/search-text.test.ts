import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wordStartIn } from "./rank";
import { SearchText } from "./search-text";

const part = fc.constantFrom("ann", "joanne", "b.ann", "o'ann", "x@ann.example", "bob", "", "an", "a n");
const haystack = fc.array(part, { maxLength: 3 }).map((parts) => parts.join("\u0000"));

describe("SearchText", () => {
  it("finds exactly the rows whose own text holds the needle, never a match across two rows", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(haystack, fc.constantFrom("ann", "bob", "", "anna")), { maxLength: 30 }),
        fc.constantFrom("a", "an", "ann", "n", "nb", "b", "\u0000a", "x@", "n\u0000j", "a n"),
        // Rows in blocks of any size: a row at a block's end or start matches as any other.
        fc.integer({ min: 1, max: 40 }),
        (rows, needle, blockRows) => {
          const text = new SearchText(
            rows.map(([hay]) => hay),
            rows.map(([, name]) => name),
            blockRows,
          );
          const expected = rows.flatMap(([hay], row) => (hay.includes(needle) ? [row] : []));
          expect(text.rowsHolding(needle)).toEqual(expected);
          text.eachMatch(needle, (row, at) => {
            const [hay, name] = rows[row]!;
            expect(text.wordStart(row, needle, at)).toBe(wordStartIn(hay, needle));
            expect(text.nameStartsWith(row, needle)).toBe(name.startsWith(needle));
          });
        },
      ),
      { numRuns: 1000 },
    );
  });
});
