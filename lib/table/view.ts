import { compareDecimals } from "../values/decimal-order";
import { decimalText, parseTimestamp } from "../values/format";
import type { ColumnKind, ColumnSpec, RawValue, SortState } from "./types";

// Doubles round monotonically, so they order decimals exactly except where two round alike; BigInt settles those.
export class DecimalKey {
  constructor(
    readonly approx: number,
    readonly exact: string,
  ) {}
}

export type SortKey = DecimalKey | number | string;

// Made on first use: a collator is costly to build in a page's first script run, and most pages sort on the server.
let collator: Intl.Collator | undefined;
const collate = () => (collator ??= new Intl.Collator("en", { sensitivity: "base", numeric: true }));
/** How two texts of a column compare: by locale, ignoring case and accents, numbers by value. */
export const compareText = (a: string, b: string): number => collate().compare(a, b);

/** The comparable form of a value, or undefined when it is empty or does not parse (those sort last). */
export function sortKey(kind: ColumnKind, raw: RawValue): SortKey | undefined {
  if (raw === null || raw === undefined) return undefined;
  if (kind === "text") {
    const text = String(raw).trim();
    return text === "" ? undefined : text;
  }
  if (kind === "date") return parseTimestamp(raw)?.getTime();
  const decimal = decimalText(raw);
  // The exact text without the leading "+" the API may send, so equal values compare equal.
  return decimal === null ? undefined : new DecimalKey(Number(decimal), decimal.replace(/^\+/, ""));
}

/** How two present sort keys of one column compare (text by locale, ignoring case and accents). */
export function compareKeys(a: SortKey, b: SortKey): number {
  if (a instanceof DecimalKey && b instanceof DecimalKey) {
    if (a.approx !== b.approx) return a.approx < b.approx ? -1 : 1;
    return a.exact === b.exact ? 0 : compareDecimals(a.exact, b.exact);
  }
  if (typeof a === "number" && typeof b === "number") return a - b;
  return collate().compare(String(a), String(b));
}

/**
 * The positions of `rows` in sorted order: stable, empty and unparseable values last in both directions.
 * The table's server-side index and applyView both sort with it, so they cannot disagree.
 */
export function sortedPositions<T>(
  rows: readonly T[],
  column: ColumnSpec<T>,
  direction: SortState["direction"],
): number[] {
  const sign = direction === "desc" ? -1 : 1;
  // Keys are worked out once per sort, not per comparison; the server's index keeps each column's finished order.
  const keys = rows.map((row) => sortKey(column.kind, column.value(row)));
  const positions = rows.map((_, index) => index);
  positions.sort((a, b) => {
    const keyA = keys[a];
    const keyB = keys[b];
    if (keyA === undefined || keyB === undefined) {
      if (keyA === keyB) return a - b;
      return keyA === undefined ? 1 : -1;
    }
    return sign * compareKeys(keyA, keyB) || a - b;
  });
  return positions;
}

const haystacks = new WeakMap<object, WeakMap<object, string>>();

/** Lower-cased text of every searchable column, joined: what the search box matches against (made anew each call). */
export function rowSearchText<T>(row: T, columns: readonly ColumnSpec<T>[]): string {
  let text = "";
  for (const column of columns) {
    if (!column.searchable) continue;
    const value = column.value(row);
    if (value !== null && value !== undefined) text += `${String(value).toLowerCase()}\u0000`;
  }
  return text;
}

/** rowSearchText, kept per row. */
export function searchText<T>(row: T, columns: readonly ColumnSpec<T>[]): string {
  // Rows are immutable query data, so each row's text is built once per column set, not per keystroke.
  let byRow = haystacks.get(columns);
  if (!byRow) haystacks.set(columns, (byRow = new WeakMap()));
  const cached = typeof row === "object" && row !== null ? byRow.get(row) : undefined;
  if (cached !== undefined) return cached;
  const text = rowSearchText(row, columns);
  if (typeof row === "object" && row !== null) byRow.set(row, text);
  return text;
}

/** What a search matches, as typed: trimmed and lower-cased ("" matches every row). */
export function searchNeedle(query: string | null | undefined): string {
  return query?.trim().toLowerCase() ?? "";
}

export interface ViewOptions<T> {
  query?: string | null;
  sort?: SortState | null;
  /** Extra row predicate (e.g. the investor-type filter). */
  predicate?: ((row: T) => boolean) | null;
}

/**
 * The rows of a view: searched, filtered, then sorted (stable; empty values last in both directions).
 * The table and the CSV export both call this, so they always agree on rows and order.
 */
export function applyView<T>(rows: readonly T[], columns: readonly ColumnSpec<T>[], options: ViewOptions<T>): T[] {
  const result = rows.filter(viewMatcher(columns, options));
  const sort = options.sort;
  const column = sort && columns.find((candidate) => candidate.id === sort.id);
  if (!sort || !column) return result;
  return sortedPositions(result, column, sort.direction).map((position) => result[position]!);
}

/** Whether a row passes the view's search and predicate. */
export function viewMatcher<T>(columns: readonly ColumnSpec<T>[], options: ViewOptions<T>): (row: T) => boolean {
  const needle = searchNeedle(options.query);
  const predicate = options.predicate;
  return (row) => (!predicate || predicate(row)) && (!needle || searchText(row, columns).includes(needle));
}
