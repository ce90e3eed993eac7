import "server-only";
import type { OrganizationFund } from "../../fund-reads/server/scoped-organization";
import { outstandingOf, overdueOf } from "../../reconciliation/outstanding";
import { sortedPositions } from "../../table/view";
import { longestValues } from "../../table/longest";
import { ScaledColumn } from "../../values/scaled-column";
import { outstandingColumns } from "../columns";
import type { OutstandingView } from "../search-params";
import type { OutstandingRow } from "../types";

const maxViews = 64;

/** Every position of the organization with capital still owed, and its views. */
export class OutstandingIndex {
  readonly rows: OutstandingRow[];
  private readonly amounts: ScaledColumn;
  private readonly natural: number[];
  private readonly orders = new Map<string, number[]>();
  // Each page asked for them and they change only with the index: 12 % of an instance's CPU under the many-people load.
  private widths: Record<string, number> | null = null;
  private fundCounts: { id: string; name: string; count: number }[] | null = null;
  private readonly views = new Map<string, number[]>();
  private readonly totals = new WeakMap<readonly number[], string | null>();

  constructor(funds: readonly OrganizationFund[], now: number) {
    const rows: OutstandingRow[] = [];
    for (const fund of funds) {
      const due = fund.figures.capital_due_date ?? null;
      const { daysOverdue } = overdueOf(due, now);
      // One per fund, shared by its rows (one each was 40 bytes a row).
      const fundRef = { id: fund.id, name: fund.name };
      for (const position of fund.positions) {
        const outstanding = outstandingOf(position.amounts);
        if (outstanding === null) continue;
        const { total_capital_due, total_received } = position.amounts;
        rows.push({
          fund: fundRef,
          investorId: position.investorId,
          name: position.name,
          email: position.email,
          total_capital_due,
          total_received,
          outstanding,
          capital_due_date: due,
          daysOverdue,
        });
      }
    }
    this.rows = rows;
    this.amounts = new ScaledColumn(rows.map((row) => row.outstanding));
    // Who to call first: overdue before not yet due, then the largest amount owed.
    const byAmount = sortedPositions(
      rows,
      outstandingColumns.find((column) => column.id === "outstanding")!,
      "desc",
    );
    this.natural = [
      ...byAmount.filter((at) => rows[at]!.daysOverdue > 0),
      ...byAmount.filter((at) => rows[at]!.daysOverdue === 0),
    ];
  }

  /** The rows of a view, in its order: by a column when sorted, else overdue first and the largest owed first. */
  positions(view: OutstandingView): number[] {
    const key = `${view.sort?.id}.${view.sort?.direction}|${view.fund}|${view.overdue}`;
    let positions = this.views.get(key);
    if (!positions) {
      // A view's rows are the same until the index is made anew; the views people use are few.
      if (this.views.size >= maxViews) this.views.clear();
      positions = this.filtered(view);
      this.views.set(key, positions);
    }
    return positions;
  }

  private filtered(view: OutstandingView): number[] {
    let order = this.natural;
    if (view.sort) {
      const key = `${view.sort.id}.${view.sort.direction}`;
      order =
        this.orders.get(key) ??
        sortedPositions(
          this.rows,
          outstandingColumns.find((column) => column.id === view.sort!.id)!,
          view.sort.direction,
        );
      this.orders.set(key, order);
    }
    return order.filter(
      (at) => (!view.fund || this.rows[at]!.fund.id === view.fund) && (!view.overdue || this.rows[at]!.daysOverdue > 0),
    );
  }

  total(positions: readonly number[]): string | null {
    if (!this.totals.has(positions)) this.totals.set(positions, this.amounts.sum(positions));
    return this.totals.get(positions)!;
  }

  /** The distinct contact emails of the view's rows, in its order (compared without case). */
  emails(positions: readonly number[]): string[] {
    const seen = new Map<string, string>();
    for (const at of positions) {
      const email = this.rows[at]!.email;
      if (email && !seen.has(email.toLowerCase())) seen.set(email.toLowerCase(), email);
    }
    return [...seen.values()];
  }

  /** The funds that have capital outstanding, with how many positions owe. */
  funds(): { id: string; name: string; count: number }[] {
    if (this.fundCounts) return this.fundCounts;
    const counts = new Map<string, { id: string; name: string; count: number }>();
    for (const row of this.rows) {
      const entry = counts.get(row.fund.id) ?? { ...row.fund, count: 0 };
      entry.count += 1;
      counts.set(row.fund.id, entry);
    }
    this.fundCounts = [...counts.values()].sort((a, b) => a.name.localeCompare(b.name));
    return this.fundCounts;
  }

  longest(): Record<string, number> {
    this.widths ??= longestValues(this.rows, outstandingColumns);
    return this.widths;
  }
}
