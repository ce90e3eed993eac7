import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { summaryBatches } from "./kept-batches";

const limits = { first: 3, funds: 5, positions: 100 };

describe("a start's queries of kept summaries", () => {
  it("asks for every fund once, smallest lists first, each query within its limits or one big list alone", () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 300 }), { maxLength: 60 }), (sizes) => {
        const keys = sizes.map((_, at) => `fund-${at}`);
        const counts = new Map(keys.map((key, at) => [key, sizes[at]!]));
        const batches = summaryBatches(keys, counts, limits);
        expect(batches.flat().sort()).toEqual([...keys].sort());
        const inOrder = batches.flat().map((key) => counts.get(key)!);
        expect(inOrder).toEqual([...inOrder].sort((a, b) => a - b));
        batches.forEach((batch, at) => {
          expect(batch.length).toBeLessThanOrEqual(at === 0 ? limits.first : limits.funds);
          const positions = batch.reduce((sum, key) => sum + counts.get(key)!, 0);
          if (batch.length > 1) expect(positions).toBeLessThanOrEqual(limits.positions);
        });
      }),
    );
  });

  it("puts a 50,000-investor fund in a query of its own, after the small ones", () => {
    const counts = new Map([
      ["big", 50_000],
      ["a", 10],
      ["b", 20],
    ]);
    expect(summaryBatches(["big", "a", "b", "unknown"], counts)).toEqual([["unknown", "a", "b"], ["big"]]);
  });
});
