import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Position } from "../../fund-reads/server/positions";
import { PositionLists } from "./position-lists";

const positions = Array.from({ length: 4 }, (_, at) => ({ investorId: `i${at}` }) as Position);

describe("positions listed by a key", () => {
  it("lists each key's positions in the order added, as arrays would, through every add and remove", () => {
    const step = fc.record({ add: fc.boolean(), key: fc.constantFrom("k1", "k2"), at: fc.nat(3) });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const lists = new PositionLists<string>();
        const expected = new Map<string, Position[]>([
          ["k1", []],
          ["k2", []],
        ]);
        for (const { add, key, at } of steps) {
          const list = expected.get(key)!;
          const position = positions[at]!;
          if (add && !list.includes(position)) {
            lists.add(key, position);
            list.push(position);
          } else if (!add && list.includes(position)) {
            lists.remove(key, position);
            list.splice(list.indexOf(position), 1);
          }
          for (const [each, held] of expected) {
            expect(lists.get(each)).toEqual(held);
            expect(lists.has(each)).toBe(held.length > 0);
          }
        }
      }),
    );
  });

  it("gives a copy: a later add leaves a list already given as it was", () => {
    const lists = new PositionLists<string>();
    lists.add("k", positions[0]!);
    const given = lists.get("k");
    lists.add("k", positions[1]!);
    expect(given).toEqual([positions[0]]);
    expect(lists.get("k")).toEqual([positions[0], positions[1]]);
  });
});
