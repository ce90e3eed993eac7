import "server-only";
import { yieldToOthers } from "../../server/fair-share";
import { columnRanks, orderOfRanks, type Ranks } from "../../table/ranked-order";
import type { SortState } from "../../table/types";
import type { ScaledColumn } from "../../values/scaled-column";
import { directoryColumns } from "../columns";
import type { DirectoryRow } from "../types";

// Orders kept per index: each is 4 bytes a row (every column's two, 1,000,000 investors: 80 MB), and one comes back from
// its column's ranks in linear time (a few ms at 100,000 rows).
const maxOrders = 4;

/**
 * Each column's order over every row of an index: the column's ranks worked out once (each distinct value compared
 * once, a long sort in slices), then either direction in linear time, the last few kept.
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
    // Most recently used last, so the oldest order is the one let go.
    if (order) this.orders.delete(key);
    else order = this.ranksOf(id).then((ranks) => orderOfRanks(ranks, direction));
    this.orders.set(key, order);
    if (this.orders.size > maxOrders) this.orders.delete(this.orders.keys().next().value!);
    return order;
  }

  /** The column's ranks, worked out once: what its first sort in either direction would otherwise wait for. */
  ranksOf(id: string): Promise<Ranks> {
    let ranks = this.ranks.get(id);
    if (!ranks) {
      const column = directoryColumns.find((candidate) => candidate.id === id)!;
      const scaled = column.kind === "money" ? this.money(id) : undefined;
      this.ranks.set(id, (ranks = columnRanks(this.rows, column, { scaled, pause: yieldToOthers })));
    }
    return ranks;
  }
}
