import { describe, expect, it } from "vitest";
import { longestValues } from "./longest";
import type { ColumnSpec } from "./types";

type Row = { name: string | null; amount: string | null };
const columns: ColumnSpec<Row>[] = [
  { id: "name", header: "Name", kind: "text", searchable: true, value: (row) => row.name },
  { id: "amount", header: "Amount", kind: "money", searchable: false, value: (row) => row.amount },
];

describe("longestValues", () => {
  it("measures each column as shown (money with its thousands separators), empty values and no rows as 0", () => {
    const rows = [
      { name: "Ada", amount: "1234567.5" },
      { name: "Grace Hopper", amount: null },
    ];
    expect(longestValues(rows, columns)).toEqual({ name: 12, amount: "1,234,567.50".length });
    expect(longestValues([], columns)).toEqual({ name: 0, amount: 0 });
  });
});
