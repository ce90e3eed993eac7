import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ScaledColumn } from "../values/scaled-column";
import { rankedOrder } from "./ranked-order";
import type { ColumnKind, ColumnSpec, RawValue } from "./types";
import { sortedPositions } from "./view";

const texts = ["Ann", "ann", "Ánn", " ann ", "Bob", "bob 10", "bob 9", "", "  ", "zoë", "Zoe", "null", "10", "9"];
const decimals = ["1", "1.0", "1.00", "-1", "+1", "0", "-0.00", "2.5", "12345678901234567.89", "12345678901234567.88"];
const value = fc.oneof(
  fc.constantFrom<RawValue>(...texts, ...decimals, null, undefined, "n/a", "2024-01-02", "2024-01-02T00:00:00Z"),
  fc.constantFrom<RawValue>(-0, 0, 3, -3, 2 ** 53, 1.5, Number.NaN, 1e21),
);
const kinds: ColumnKind[] = ["text", "money", "count", "percent", "date"];
const column = (kind: ColumnKind): ColumnSpec<RawValue> => ({ id: "v", header: "V", kind, value: (row) => row });
const pause = () => Promise.resolve();

describe("rankedOrder", () => {
  it("gives sortedPositions' order for every kind and direction: ties by position, empty values last", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(value, { maxLength: 60 }),
        fc.constantFrom(...kinds),
        fc.boolean(),
        fc.boolean(),
        async (values, kind, asc, sliced) => {
          const direction = asc ? "asc" : "desc";
          const order = await rankedOrder(values, column(kind), direction, sliced ? { pause } : {});
          expect([...order]).toEqual(sortedPositions(values, column(kind), direction));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("orders a money column by its scaled integers, in doubles or BigInts, as sortedPositions orders the decimals", async () => {
    const safe = ["1", "1.0", "-1", "+1", "0", "-0.00", "2.5", "90071992547409.91", "-90071992547409.91"];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<RawValue>(...safe, null, "x"), { maxLength: 60 }),
        fc.boolean(),
        fc.boolean(),
        async (values, asc, huge) => {
          const all = huge ? [...values, "12345678901234567.89"] : values;
          const direction = asc ? "asc" : "desc";
          const scaled = new ScaledColumn(all);
          expect(scaled.numbers === null).toBe(huge);
          const order = await rankedOrder(all, column("money"), direction, { scaled });
          expect([...order]).toEqual(sortedPositions(all, column("money"), direction));
        },
      ),
      { numRuns: 500 },
    );
  });
});
