import "server-only";
import { yieldToOthers } from "../../server/fair-share";
import { columnRanks, orderOfRanks, type Ranks } from "../../table/ranked-order";
import type { SortState } from "../../table/types";
import type { ScaledColumn } from "../../values/scaled-column";
import { directoryColumns } from "../columns";
import type { DirectoryRow } from "../types";

/**
 * Each column's order over every row of an index, worked out once per column and direction: the column's ranks
 * (each distinct value compared once, a long sort in slices), then either direction in linear time.
 */
export class ColumnOrders {
  private readonly ranks = new Map<string, Promise<Ranks>>();
  private readonly orders = new Map<string, Promise<Int32Array>>();

  constructor(
    private readonly rows: readonly DirectoryRow[],
    /** A money column's values as scaled integers, so they are ranked without parsing them again. */
    private readonly money: (id: string) => ScaledColumn,
  ) {}

  order(id: string, direction: SortState["direction"]): Promise<Int32Array> {
    const key = `${id}.${direction}`;
    let order = this.orders.get(key);
    if (!order) this.orders.set(key, (order = this.ranksOf(id).then((ranks) => orderOfRanks(ranks, direction))));
    return order;
  }

  private ranksOf(id: string): Promise<Ranks> {
    let ranks = this.ranks.get(id);
    if (!ranks) {
      const column = directoryColumns.find((candidate) => candidate.id === id)!;
      const scaled = column.kind === "money" ? this.money(id) : undefined;
      this.ranks.set(id, (ranks = columnRanks(this.rows, column, { scaled, pause: yieldToOthers })));
    }
    return ranks;
  }
}
