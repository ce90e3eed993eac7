import { describe, expect, it } from "vitest";
import type { ColumnSpec } from "./types";
import { applyView } from "./view";

interface Row {
  id: string;
  name: string | null;
  amount: string | number | null;
  at?: string | null;
}

const columns: ColumnSpec<Row>[] = [
  { id: "name", header: "Name", kind: "text", value: (r) => r.name, searchable: true },
  { id: "amount", header: "Amount", kind: "money", value: (r) => r.amount },
  { id: "at", header: "At", kind: "date", value: (r) => r.at },
];

const rows: Row[] = [
  { id: "a", name: "Émile", amount: "1000.00", at: "2022-07-12T10:00:00.000Z" },
  { id: "b", name: "zoë", amount: "900.00", at: "2021-01-01" },
  { id: "c", name: null, amount: null, at: null },
  { id: "d", name: "Adam", amount: "12345678901234567.89", at: "garbage" },
  { id: "e", name: "bob", amount: "12345678901234567.88", at: "2022-07-12T09:59:59.999Z" },
  { id: "f", name: "Carl", amount: 900, at: "" },
];

const ids = (list: Row[]) => list.map((r) => r.id).join("");

describe("applyView", () => {
  it("sorts amounts numerically and exactly, empties last in both directions, ties stable", () => {
    expect(ids(applyView(rows, columns, { sort: { id: "amount", direction: "asc" } }))).toBe("bfaedc");
    expect(ids(applyView(rows, columns, { sort: { id: "amount", direction: "desc" } }))).toBe("deabfc");
  });

  it("sorts dates chronologically with unparseable and empty values last, text by locale ignoring case and accents", () => {
    expect(ids(applyView(rows, columns, { sort: { id: "at", direction: "asc" } }))).toBe("beacdf");
    expect(ids(applyView(rows, columns, { sort: { id: "name", direction: "asc" } }))).toBe("defabc");
    const names = applyView(rows, columns, { sort: { id: "name", direction: "asc" } }).map((r) => r.name);
    expect(names).toEqual(["Adam", "bob", "Carl", "Émile", "zoë", null]);
  });

  it("gives the same order again when the same rows are sorted by another column and back", () => {
    const first = ids(applyView(rows, columns, { sort: { id: "amount", direction: "asc" } }));
    applyView(rows, columns, { sort: { id: "name", direction: "desc" } });
    expect(ids(applyView(rows, columns, { sort: { id: "amount", direction: "asc" } }))).toBe(first);
  });

  it("searches the searchable columns, case-insensitively, before sorting, and applies a predicate", () => {
    expect(ids(applyView(rows, columns, { query: "ZO" }))).toBe("b");
    expect(ids(applyView(rows, columns, { query: "1000" }))).toBe("");
    const withAmounts = applyView(rows, columns, {
      predicate: (r) => r.amount !== null,
      sort: { id: "name", direction: "desc" },
    });
    expect(ids(withAmounts)).toBe("bafed");
  });

  it("sorts an amount with a leading + (which big.js refuses) beside the same amount without one", () => {
    const signed: Row[] = [
      { id: "a", name: null, amount: "+1" },
      { id: "b", name: null, amount: "1" },
      { id: "c", name: null, amount: "0.5" },
    ];
    expect(ids(applyView(signed, columns, { sort: { id: "amount", direction: "desc" } }))).toBe("abc");
  });
});
