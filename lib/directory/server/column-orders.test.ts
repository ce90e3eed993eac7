import { describe, expect, it } from "vitest";
import { sortedPositions } from "../../table/view";
import { ScaledColumn } from "../../values/scaled-column";
import { directoryColumns } from "../columns";
import type { DirectoryRow, DirectoryTotals } from "../types";
import { ColumnOrders } from "./column-orders";

const names = ["Émile", "ann", "Bob", "ann", "Zoë", "carl"];
const rows: DirectoryRow[] = names.map((name, at) => ({
  key: `k${at}`,
  name,
  email: at % 2 ? `${name}@x` : null,
  investor_type: at % 3 ? "Individual" : "Entity",
  funds: (at * 7) % 4,
  commitment_amount: at === 2 ? null : `${(at * 37) % 11}.5`,
  contributed_amount: `${at}`,
  unfunded_commitment_amount: null,
  life_distributions: "1",
  net_asset_value: `-${at}.25`,
}));

describe("a directory index's column orders", () => {
  it("sorts every column both ways as the table's sort does, also once an order has been let go", async () => {
    const orders = new ColumnOrders(
      rows,
      (id) => new ScaledColumn(rows.map((row) => row[id as keyof DirectoryTotals])),
    );
    const first = await orders.order("name", "asc");
    // Every column both ways: more than an index keeps, so the first order asked is let go and made again.
    for (const round of [1, 2])
      for (const column of directoryColumns)
        for (const direction of ["asc", "desc"] as const)
          expect([...(await orders.order(column.id, direction))], `${column.id} ${direction} ${round}`).toEqual(
            sortedPositions(rows, column, direction),
          );
    const again = await orders.order("name", "asc");
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect(await orders.order("name", "asc")).toBe(again);
  });
});
