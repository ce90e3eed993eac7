import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rankMatches } from "./rank";

/** What rankMatches did before it kept only the best: rank every match, sort them all, cut. */
function sortedThenCut(items: readonly string[][], typed: string, limit: number): string[][] {
  const needle = typed.trim().toLowerCase();
  if (needle === "") return [];
  const wordStart = (text: string) => {
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1))
      if (at === 0 || /[\s\u0000@.,'(-]/.test(text[at - 1]!)) return true;
    return false;
  };
  return items
    .map((item) => ({ item, text: item.join("\u0000").toLowerCase(), name: item[0]! }))
    .filter(({ text }) => text.includes(needle))
    .map(({ item, text, name }) => ({
      item,
      name,
      rank: name.toLowerCase().startsWith(needle) ? 0 : wordStart(text) ? 1 : 2,
    }))
    .sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map(({ item }) => item);
}

const word = fc.constantFrom("ann", "Ann", "Ánn", "anna", "banner", "b.ann", "joanne", "Bob", "bob", "o'ann", "x");
const item = fc.array(word, { minLength: 1, maxLength: 3 });

describe("rankMatches", () => {
  it("keeps the best matches as sorting every match and cutting would: prefix, word start, anywhere; ties by name, then order", () => {
    fc.assert(
      fc.property(
        fc.array(item, { maxLength: 40 }),
        fc.constantFrom("a", "an", "ann", "b", "o", " Ann ", "", "zz"),
        fc.nat(10),
        (items, typed, limit) => {
          const found = rankMatches(
            items,
            typed,
            (parts) => parts[0]!,
            (parts) => parts.join("\u0000").toLowerCase(),
            limit,
          );
          // The same objects, in the same order: a tie never swaps two items.
          expect(found).toEqual(sortedThenCut(items, typed, limit));
          found.forEach((kept, at) => expect(kept).toBe(sortedThenCut(items, typed, limit)[at]));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
