import "server-only";
import { yieldToOthers } from "../../server/fair-share";
import { displayLength } from "../../values/display-length";
import { ScaledColumn } from "../../values/scaled-column";
import { directoryColumns } from "../columns";
import type { DirectoryView } from "../search-params";
import type { DirectoryRow, DirectoryTotals, MatchedBy } from "../types";
import { ColumnOrders } from "./column-orders";
import {
  entryKey,
  type IndexParts,
  type InvestorEntry,
  investorEntry,
  partsOf,
  positionsOf,
  totalsOf,
} from "./investor-entry";
import { groupPositions } from "./match";
import { amountFields, type Position } from "../../fund-reads/server/positions";
import { rankMatches } from "./rank";
import { SearchText } from "./search-text";

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

/** Every investor of the organization, matched across funds, with views (search, type filter, sort) worked out once. */
export class DirectoryIndex {
  readonly rows: readonly DirectoryRow[];
  readonly types: { value: string; count: number }[];
  private readonly parts: IndexParts;
  private byKey: Map<string, InvestorEntry> | undefined;
  private searchText: SearchText | undefined;
  private readonly views = new Map<string, Promise<ViewResult>>();
  private readonly orders: ColumnOrders;
  private warming: Promise<void> | undefined;
  private all: ViewResult | undefined;
  private widths: Record<string, number> | undefined;

  constructor(parts: IndexParts) {
    this.parts = parts;
    this.rows = parts.rows;
    this.orders = new ColumnOrders(parts.rows, (id) => this.money(id));
    this.types = [...parts.types].sort(([a], [b]) => a.localeCompare(b)).map(([value, count]) => ({ value, count }));
  }

  /** Each column's longest value on screen over every row (and the grand total), so the columns are sized once. */
  longest(): Record<string, number> {
    const totals = this.everyRow().totals;
    this.widths ??= Object.fromEntries(
      directoryColumns.map((column, at) => {
        const total = column.kind === "money" ? totals[column.id as keyof DirectoryTotals] : null;
        return [column.id, Math.max(this.parts.widths[at]!, displayLength(column.kind, total))];
      }),
    );
    return this.widths;
  }

  investor(key: string): DirectoryInvestor | null {
    this.byKey ??= new Map(this.parts.entries.map((entry) => [entry.row.key, entry]));
    const entry = this.byKey.get(key);
    return entry ? { row: entry.row, matchedBy: entry.matchedBy, positions: positionsOf(entry) } : null;
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

  /** Rows whose text matches, best first (see rankMatches); from one scan of the joined text once it is made. */
  search(text: string, limit: number): DirectoryRow[] {
    const needle = text.trim().toLowerCase();
    if (this.searchText && SearchText.searchable(needle))
      return this.searchText.best(needle, limit, (row) => this.rows[row]!.name).map((row) => this.rows[row]!);
    const found = rankMatches(
      this.parts.entries,
      text,
      (entry) => entry.row.name,
      (entry) => entry.haystack,
      limit,
    );
    return found.map((entry) => entry.row);
  }

  private text(): SearchText {
    const { entries } = this.parts;
    this.searchText ??= new SearchText(
      entries.map((entry) => entry.haystack),
      entries.map((entry) => entry.row.name.toLowerCase()),
    );
    return this.searchText;
  }

  // Every row, in order, and the grand totals: the default view, and the totals of any view that keeps every row.
  private everyRow(): ViewResult {
    if (!this.all) {
      const positions = new Int32Array(this.rows.length);
      for (let at = 0; at < positions.length; at++) positions[at] = at;
      this.all = { positions, totals: totalsOf((field) => this.money(field).sum(positions)) };
    }
    return this.all;
  }

  private money(id: string): ScaledColumn {
    return this.parts.money[amountFields.indexOf(id as (typeof amountFields)[number])]!;
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
    const matched = !needle && view.type.length === 0 ? null : await this.matching(needle, new Set(view.type));
    const totals = matched ? totalsOf((field) => this.money(field).sum(matched)) : this.everyRow().totals;
    if (!view.sort) return { positions: matched ? Int32Array.from(matched) : this.everyRow().positions, totals };
    const order = await this.orders.order(view.sort.id, view.sort.direction);
    if (!matched) return { positions: order, totals };
    const member = new Uint8Array(this.rows.length);
    for (const index of matched) member[index] = 1;
    return { positions: order.filter((index) => member[index] === 1), totals };
  }

  // The rows a search and a type filter keep, in order: from the joined text once it is made, else row by row.
  private async matching(needle: string, types: ReadonlySet<string>): Promise<number[]> {
    const joined = needle && this.searchText && SearchText.searchable(needle) ? this.searchText : null;
    const candidates = joined?.rowsHolding(needle) ?? null;
    if (candidates && types.size === 0) return candidates;
    const matched: number[] = [];
    const rows = candidates ?? Array.from(this.rows.keys());
    for (let start = 0; start < rows.length; start += sliceRows) {
      for (const index of rows.slice(start, start + sliceRows)) {
        if (types.size > 0 && !types.has(this.rows[index]!.investor_type)) continue;
        if (!candidates && needle && !this.parts.entries[index]!.haystack.includes(needle)) continue;
        matched.push(index);
      }
      await yieldToOthers();
    }
    return matched;
  }

  /**
   * Works out, a slice at a time, what the first search and the first sort of each column would otherwise wait for:
   * for an index that will be kept (the directory complete), so no person's first view pays for it.
   */
  warm(): Promise<void> {
    // The cheap first (money and counts are sorted as numbers), then the joined text, then the collated columns.
    const columns = [...directoryColumns].sort((a, b) => Number(a.kind === "text") - Number(b.kind === "text"));
    this.warming ??= (async () => {
      for (const [at, column] of columns.entries()) {
        await yieldToOthers();
        if (column.kind === "text" && columns[at - 1]?.kind !== "text") this.text();
        await this.orders.ranksOf(column.id);
      }
    })();
    return this.warming;
  }
}

/** The index over these positions from scratch: grouped by groupPositions, rows in its order. */
export function directoryIndexOf(positions: readonly Position[]): DirectoryIndex {
  const investors = groupPositions(positions).map((group) =>
    investorEntry(entryKey(group.matchedBy, group.by, group.positions), group.matchedBy, group.positions),
  );
  return new DirectoryIndex(partsOf(investors));
}
