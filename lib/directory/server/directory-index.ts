import "server-only";
import { yieldToOthers } from "../../server/fair-share";
import { sortedPositions } from "../../table/view";
import { DecimalSum } from "../../values/decimal";
import { displayLength } from "../../values/display-length";
import { ScaledColumn } from "../../values/scaled-column";
import { directoryColumns } from "../columns";
import type { DirectoryView } from "../search-params";
import type { DirectoryRow, DirectoryTotals, MatchedBy } from "../types";
import { type Group, groupPositions } from "./match";
import { investorKey } from "./match-key";
import { rankMatches } from "./rank";
import { type AmountField, amountFields, type Position } from "./positions";

export interface DirectoryInvestor {
  row: DirectoryRow;
  matchedBy: MatchedBy;
  positions: readonly Position[];
}

interface ViewResult {
  positions: Int32Array;
  totals: DirectoryTotals;
}

const maxCachedViews = 24;
const sliceRows = 2_000;

/** The five sums, each worked out by `sum`. */
export function totalsOf(sum: (field: AmountField) => string | null): DirectoryTotals {
  return {
    commitment_amount: sum("commitment_amount"),
    contributed_amount: sum("contributed_amount"),
    unfunded_commitment_amount: sum("unfunded_commitment_amount"),
    life_distributions: sum("life_distributions"),
    net_asset_value: sum("net_asset_value"),
  };
}

function keyOf(group: Group<Position>): string {
  const first = group.positions[0]!;
  return investorKey({ matchedBy: group.matchedBy, value: group.by ?? `${first.fundId}:${first.investorId}` });
}

function rowOf(key: string, positions: readonly Position[]): DirectoryRow {
  // The person's details are those of their most recently invited position.
  const latest = positions.reduce((best, position) =>
    (position.invited ?? -Infinity) > (best.invited ?? -Infinity) ? position : best,
  );
  const sums = totalsOf((field) => {
    const sum = new DecimalSum();
    for (const position of positions) sum.add(position.amounts[field]);
    return sum.total;
  });
  return {
    key,
    name: latest.name,
    email: latest.email,
    investor_type: latest.investorType,
    funds: new Set(positions.map((p) => p.fundId)).size,
    ...sums,
  };
}

/** Every investor of the organization, matched across funds, with views (search, type filter, sort) worked out once. */
export class DirectoryIndex {
  readonly rows: readonly DirectoryRow[];
  readonly types: { value: string; count: number }[];
  private readonly investors = new Map<string, DirectoryInvestor>();
  private readonly haystacks: string[];
  private readonly columns = new Map<string, ScaledColumn>();
  private readonly views = new Map<string, Promise<ViewResult>>();
  private readonly orders = new Map<string, number[]>();
  private widths: Record<string, number> | undefined;

  constructor(positions: readonly Position[]) {
    const groups = groupPositions(positions);
    const rows: DirectoryRow[] = [];
    this.haystacks = [];
    for (const group of groups) {
      const key = keyOf(group);
      const row = rowOf(key, group.positions);
      rows.push(row);
      this.haystacks.push(group.positions.map((position) => position.search).join("\u0000"));
      this.investors.set(key, { row, matchedBy: group.matchedBy, positions: group.positions });
    }
    this.rows = rows;
    for (const field of amountFields) this.columns.set(field, new ScaledColumn(rows.map((row) => row[field])));
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.investor_type, (counts.get(row.investor_type) ?? 0) + 1);
    this.types = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([value, count]) => ({ value, count }));
  }

  /** Each column's longest value on screen over every row (and the grand total), so the columns are sized once. */
  longest(): Record<string, number> {
    this.widths ??= Object.fromEntries(
      directoryColumns.map((column) => {
        let longest = 0;
        for (const row of this.rows) longest = Math.max(longest, displayLength(column.kind, column.value(row)));
        const total = column.kind === "money" ? this.columns.get(column.id)?.sum(this.rows.keys()) : null;
        return [column.id, Math.max(longest, displayLength(column.kind, total))];
      }),
    );
    return this.widths;
  }

  investor(key: string): DirectoryInvestor | null {
    return this.investors.get(key) ?? null;
  }

  async page(view: DirectoryView, offset: number, limit: number) {
    const { positions, totals } = await this.view(view);
    const rows: DirectoryRow[] = [];
    for (let i = offset; i < Math.min(positions.length, offset + limit); i++) rows.push(this.rows[positions[i]!]!);
    return { total: this.rows.length, matched: positions.length, offset, rows, totals };
  }

  /** Every row of the view, in order (the directory's CSV). */
  async rowsOf(view: DirectoryView): Promise<DirectoryRow[]> {
    return Array.from((await this.view(view)).positions, (position) => this.rows[position]!);
  }

  /** Rows whose text matches, best first (see rankMatches). */
  search(text: string, limit: number): DirectoryRow[] {
    const positions = this.rows.map((_, index) => index);
    const ranked = rankMatches(
      positions,
      text,
      (index) => this.rows[index]!.name,
      (index) => this.haystacks[index]!,
      limit,
    );
    return ranked.map((index) => this.rows[index]!);
  }

  private view(view: DirectoryView): Promise<ViewResult> {
    const key = JSON.stringify([view.sort, view.q.trim().toLowerCase(), view.type]);
    let result = this.views.get(key);
    if (result) this.views.delete(key);
    else result = this.compute(view);
    this.views.set(key, result);
    if (this.views.size > maxCachedViews) this.views.delete(this.views.keys().next().value!);
    return result;
  }

  private async compute(view: DirectoryView): Promise<ViewResult> {
    const needle = view.q.trim().toLowerCase();
    const types = new Set(view.type);
    const matched: number[] = [];
    for (let start = 0; start < this.rows.length; start += sliceRows) {
      for (let index = start; index < Math.min(this.rows.length, start + sliceRows); index++) {
        if (types.size > 0 && !types.has(this.rows[index]!.investor_type)) continue;
        if (needle && !this.haystacks[index]!.includes(needle)) continue;
        matched.push(index);
      }
      await yieldToOthers();
    }
    const totals = totalsOf((field) => this.columns.get(field)!.sum(matched));
    if (!view.sort) return { positions: Int32Array.from(matched), totals };
    const order = this.order(view.sort.id, view.sort.direction);
    if (matched.length === this.rows.length) return { positions: Int32Array.from(order), totals };
    const member = new Uint8Array(this.rows.length);
    for (const index of matched) member[index] = 1;
    return { positions: Int32Array.from(order.filter((index) => member[index])), totals };
  }

  // Each column's order over every row, worked out once.
  private order(id: string, direction: "asc" | "desc"): number[] {
    const key = `${id}.${direction}`;
    let order = this.orders.get(key);
    if (!order) {
      const column = directoryColumns.find((candidate) => candidate.id === id)!;
      this.orders.set(key, (order = sortedPositions(this.rows, column, direction)));
    }
    return order;
  }
}
