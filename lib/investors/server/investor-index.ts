import "server-only";
import type { Fund, Investor } from "../../customer-api/schemas";
import { BadRequest } from "../../http/errors";
import { yieldToOthers } from "../../server/fair-share";
import { columnRanks, orderOfRanks, type Ranks } from "../../table/ranked-order";
import { TextBlocks } from "../../table/text-blocks";
import { columnPaths, pickPaths } from "../../table/types";
import { rowSearchText, searchNeedle, viewMatcher } from "../../table/view";
import { ScaledColumn } from "../../values/scaled-column";
import { displayLength } from "../../values/display-length";
import { investorColumns, type InvestorColumnId, investorTypeOf, specInvestorTypes } from "../columns";
import { type InvestorView, investorViewSearch } from "../search-params";
import type { InvestorNeighbours, InvestorRowsPage } from "../types";
import { investorViewOptions } from "../view-options";

interface ViewResult {
  positions: Int32Array;
  totals: Record<string, string | null>;
}

const moneyColumns = investorColumns.filter((column) => column.kind === "money");
const maxCachedViews = 24;
const maxCachedPages = 48;
// Rows worked between yields: a new view of 50,000 rows never holds the server for more than a few ms at a time.
const sliceRows = 500;
const encoder = new TextEncoder();

// A `changed` view is keyed by the ids it was given too: "since 7d" names other investors as time passes.
const viewKey = (view: InvestorView, changedIds: ReadonlySet<string> | null) =>
  view.changed && changedIds
    ? `${investorViewSearch(view)}|${[...changedIds].sort().join(",")}`
    : investorViewSearch(view);

/**
 * A fund's investor list prepared for the table: views (search, type filter, sort) are worked out once and
 * kept, so paging, sorting and searching 50,000 investors cost milliseconds instead of a full download.
 */
export class InvestorIndex {
  readonly total: number;
  private readonly views = new Map<string, Promise<ViewResult>>();
  private readonly orders = new Map<string, Int32Array>();
  // Each sorted column's ranks, worked out once for both directions.
  private readonly ranks = new Map<string, Promise<Ranks>>();
  private readonly byId = new Map<string, number>();
  private readonly types: { value: string; count: number }[];
  private readonly longest = new Map<string, number>();
  private readonly pages = new Map<string, Uint8Array>();
  // The amount columns as scaled integers, made on the first view: each view's exact totals are then BigInt sums.
  private amounts: ScaledColumn[] | null = null;
  // Every row's search text in blocks, made once the first page is served: a keystroke is then one indexOf scan
  // (50,000 rows: the first search 133 ms, each new word 25-58 ms, row by row through a WeakMap of texts).
  private texts: Promise<TextBlocks> | null = null;

  constructor(
    readonly investors: readonly Investor[],
    /** The list's content digest: the same data read by any instance has the same version. */
    readonly version: string,
    /** When the list was read (ms). */
    readonly fetchedAt: number,
    /** The fund's own record, read with the list (its figures and calculation method). */
    readonly fund: Fund,
    /** Served from the store while the live read runs (the page says "refreshing…"). */
    readonly kept = false,
    /** The index of an earlier read of the same content: its column orders and views need not be worked out again. */
    same?: InvestorIndex,
  ) {
    this.total = investors.length;
    if (same && same.version === version) this.takeWorkOf(same);
    const counts = new Map<string, number>();
    investors.forEach((investor, index) => {
      if (!this.byId.has(investor.id)) this.byId.set(investor.id, index);
      const type = investorTypeOf(investor);
      counts.set(type, (counts.get(type) ?? 0) + 1);
    });
    this.types = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([value, count]) => ({ value, count }));
  }

  // What depends on the records alone is the same for the same content; views also on the fund's calculation
  // method. Pages are not taken: they carry the read's own time and whether it is kept.
  private takeWorkOf(same: InvestorIndex) {
    for (const [key, order] of same.orders) this.orders.set(key, order);
    for (const [key, ranks] of same.ranks) this.ranks.set(key, ranks);
    for (const [key, longest] of same.longest) this.longest.set(key, longest);
    this.amounts = same.amounts;
    this.texts = same.texts;
    if (same.fund.calculation_method !== this.fund.calculation_method) return;
    for (const [key, view] of same.views) this.views.set(key, view);
  }

  /** Rows `offset` to `offset + limit` of the view, with the fields of the `sized` columns (and their longest values). */
  async page(
    view: InvestorView,
    offset: number,
    limit: number,
    sized: readonly InvestorColumnId[],
    changedIds: ReadonlySet<string> | null = null,
  ): Promise<InvestorRowsPage> {
    const { positions, totals } = await this.view(view, changedIds);
    // Someone is looking at this list and may search it next: its texts are readied meanwhile, a slice at a time.
    if (!this.texts) setImmediate(() => void this.searchTexts());
    // Only the fields of the columns on screen: a full record is ~1.3 KB, the ten default columns a fraction of it.
    const paths = columnPaths(investorColumns.filter((column) => sized.includes(column.id)));
    const rows: Investor[] = [];
    for (let i = offset; i < Math.min(positions.length, offset + limit); i++)
      rows.push(pickPaths(this.investors[positions[i]!]!, paths) as Investor);
    return {
      version: this.version,
      complete: true,
      reading: null,
      fetchedAt: new Date(this.fetchedAt).toISOString(),
      kept: this.kept,
      total: this.total,
      matched: positions.length,
      offset,
      rows,
      totals,
      types: this.types,
      longest: this.longestOf(sized),
    };
  }

  /**
   * page() as JSON bytes. Many people open the same first page of a fund (and a load test opens little else), so a
   * page is serialized once per list and the same bytes written to every response.
   */
  async pageBytes(
    view: InvestorView,
    offset: number,
    limit: number,
    sized: readonly InvestorColumnId[],
    changedIds: ReadonlySet<string> | null = null,
  ): Promise<Uint8Array> {
    const key = `${viewKey(view, changedIds)}|${offset}|${limit}|${sized.join(",")}`;
    let bytes = this.pages.get(key);
    if (bytes) this.pages.delete(key);
    else bytes = encoder.encode(JSON.stringify(await this.page(view, offset, limit, sized, changedIds)));
    this.pages.set(key, bytes);
    if (this.pages.size > maxCachedPages) this.pages.delete(this.pages.keys().next().value!);
    return bytes;
  }

  /** Every row of the view, in order (the CSV export of what the table shows). */
  async rows(view: InvestorView): Promise<Investor[]> {
    return Array.from((await this.view(view)).positions, (position) => this.investors[position]!);
  }

  async neighbours(view: InvestorView, investorId: string): Promise<InvestorNeighbours> {
    const { positions } = await this.view(view);
    const at = this.byId.get(investorId);
    const place = at === undefined ? -1 : positions.indexOf(at);
    const idAt = (i: number) => (i >= 0 && i < positions.length ? { id: this.investors[positions[i]!]!.id } : null);
    return {
      position: place === -1 ? null : place + 1,
      matched: positions.length,
      previous: place === -1 ? null : idAt(place - 1),
      next: place === -1 ? null : idAt(place + 1),
    };
  }

  /** Every row's search text (as the table's search matches it), made once, a slice at a time. */
  private searchTexts(): Promise<TextBlocks> {
    this.texts ??= (async () => {
      const texts = new Array<string>(this.total);
      for (let start = 0; start < this.total; start += sliceRows) {
        for (let index = start; index < Math.min(this.total, start + sliceRows); index++)
          texts[index] = rowSearchText(this.investors[index]!, investorColumns);
        await yieldToOthers();
      }
      return new TextBlocks(texts);
    })();
    return this.texts;
  }

  // Worked out per column on first use: all 47 columns of 50,000 rows would take most of a second.
  private longestOf(ids: readonly InvestorColumnId[]): Record<string, number> {
    const result: Record<string, number> = {};
    for (const column of investorColumns) {
      if (!ids.includes(column.id)) continue;
      let longest = this.longest.get(column.id);
      if (longest === undefined) {
        longest = 0;
        for (const investor of this.investors)
          longest = Math.max(longest, displayLength(column.kind, column.value(investor)));
        this.longest.set(column.id, longest);
      }
      result[column.id] = longest;
    }
    return result;
  }

  /** A type the spec names, or one this fund has; anything else is refused rather than made a new (empty) view. */
  private checkTypes(types: readonly string[]) {
    const unknown = types.find(
      (type) => !specInvestorTypes.includes(type) && !this.types.some((known) => known.value === type),
    );
    if (unknown !== undefined) throw new BadRequest(`Unknown investor type "${unknown.slice(0, 40)}".`);
  }

  private view(view: InvestorView, changedIds: ReadonlySet<string> | null = null): Promise<ViewResult> {
    const key = viewKey(view, changedIds);
    const cached = this.views.get(key);
    if (cached) {
      // Most recently used last, so the oldest view is the one dropped.
      this.views.delete(key);
      this.views.set(key, cached);
      return cached;
    }
    this.checkTypes(view.type);
    // A sorted view orders its filtered view, itself worked out once and kept; concurrent askers share the work.
    const result = view.sort
      ? this.view({ ...view, sort: null }, changedIds).then((filtered) => this.sorted(view, filtered))
      : this.filtered(view, changedIds);
    this.views.set(key, result);
    result.catch(() => this.views.delete(key));
    if (this.views.size > maxCachedViews) this.views.delete(this.views.keys().next().value!);
    return result;
  }

  private async filtered(view: InvestorView, changedIds: ReadonlySet<string> | null): Promise<ViewResult> {
    const options = investorViewOptions(view, this.fund.calculation_method, changedIds);
    const needle = searchNeedle(options.query);
    const { predicate } = options;
    let positions: number[] = [];
    if (needle !== "" && TextBlocks.searchable(needle)) {
      positions = (await this.searchTexts()).rowsHolding(needle);
      if (predicate) positions = positions.filter((index) => predicate(this.investors[index]!));
    } else {
      const matches = viewMatcher(investorColumns, options);
      for (let start = 0; start < this.total; start += sliceRows) {
        for (let index = start; index < Math.min(this.total, start + sliceRows); index++)
          if (matches(this.investors[index]!)) positions.push(index);
        await yieldToOthers();
      }
    }
    this.amounts ??= moneyColumns.map((column) => new ScaledColumn(this.investors.map((row) => column.value(row))));
    const amounts = this.amounts;
    const totals = Object.fromEntries(moneyColumns.map((column, at) => [column.id, amounts[at]!.sum(positions)]));
    return { positions: Int32Array.from(positions), totals };
  }

  /**
   * A column's ranks: only its distinct values are compared (amounts as the scaled integers the totals use), a slice
   * at a time, and either direction's order then follows in one pass. (Sorting every row by the collator held the
   * server 150–400 ms per column of 50,000 rows, the first sort after a list was read.)
   */
  private columnRanks(id: InvestorColumnId): Promise<Ranks> {
    let ranks = this.ranks.get(id);
    if (!ranks) {
      const column = investorColumns.find((candidate) => candidate.id === id)!;
      const money = moneyColumns.indexOf(column);
      const scaled = money === -1 ? undefined : this.amounts?.[money];
      ranks = columnRanks(this.investors, column, { scaled, pause: yieldToOthers });
      this.ranks.set(id, ranks);
      ranks.catch(() => this.ranks.delete(id));
    }
    return ranks;
  }

  // A sorted view is the column's order over the whole fund, kept once, walked for the filtered rows.
  private async sorted(view: InvestorView, filtered: ViewResult): Promise<ViewResult> {
    const sort = view.sort!;
    const orderKey = `${sort.id}.${sort.direction}`;
    let order = this.orders.get(orderKey);
    if (!order) {
      const ranks = await this.columnRanks(sort.id);
      order = this.orders.get(orderKey) ?? orderOfRanks(ranks, sort.direction);
      this.orders.set(orderKey, order);
    }
    // Views are only read: the whole fund's view shares the kept order.
    if (filtered.positions.length === this.total) return { positions: order, totals: filtered.totals };
    const member = new Uint8Array(this.total);
    for (const position of filtered.positions) member[position] = 1;
    const positions = new Int32Array(filtered.positions.length);
    let next = 0;
    for (const position of order) if (member[position]) positions[next++] = position;
    return { positions, totals: filtered.totals };
  }
}
