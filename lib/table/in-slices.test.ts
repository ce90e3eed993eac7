import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eachInSlices, sortInSlices } from "./in-slices";

describe("sortInSlices", () => {
  it("sorts stably, as Array.prototype.sort does, pausing between slices", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(20)), fc.integer({ min: 1, max: 5 }), async (keys, run) => {
        const items = keys.map((key, at) => ({ key, at }));
        let pauses = 0;
        const sorted = await sortInSlices(
          [...items],
          (a, b) => a.key - b.key,
          async () => void (pauses += 1),
          run,
        );
        expect(sorted).toEqual([...items].sort((a, b) => a.key - b.key));
        expect(pauses).toBeGreaterThanOrEqual(Math.ceil(items.length / run));
      }),
      { numRuns: 500 },
    );
  });
});

describe("eachInSlices", () => {
  it("visits every index once, in order, pausing between slices of 10,000 only when told to", async () => {
    for (const count of [0, 1, 10_000, 10_001, 25_000]) {
      const seen: number[] = [];
      let pauses = 0;
      await eachInSlices(
        count,
        (at) => seen.push(at),
        async () => void (pauses += 1),
      );
      expect(seen).toEqual(Array.from({ length: count }, (_, at) => at));
      expect(pauses).toBe(Math.max(0, Math.ceil(count / 10_000) - 1));
      const unpaused: number[] = [];
      await eachInSlices(count, (at) => unpaused.push(at), null);
      expect(unpaused).toEqual(seen);
    }
  });
});
