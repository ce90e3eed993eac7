import Big from "big.js";
import { decimalText, parseTimestamp } from "../format";
import type { ColumnKind, ColumnSpec, RawValue, SortState } from "./types";

type SortKey = Big | number | string;

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** The comparable form of a value, or undefined when it is empty or does not parse (those sort last). */
export function sortKey(kind: ColumnKind, raw: RawValue): SortKey | undefined {
  if (raw === null || raw === undefined) return undefined;
  if (kind === "text") {
    const text = String(raw).trim();
    return text === "" ? undefined : text;
  }
  if (kind === "date") return parseTimestamp(raw)?.getTime();
  const decimal = decimalText(raw);
  return decimal === null ? undefined : new Big(decimal);
}

// Rows are immutable query data: each row's key for a column is worked out once, not on every sort.
const keyCache = new WeakMap<object, Map<string, SortKey | undefined>>();

function cachedSortKey<T>(row: T, column: ColumnSpec<T>): SortKey | undefined {
  if (typeof row !== "object" || row === null) return sortKey(column.kind, column.value(row));
  let keys = keyCache.get(row);
  if (!keys) keyCache.set(row, (keys = new Map()));
  if (keys.has(column.id)) return keys.get(column.id);
  const key = sortKey(column.kind, column.value(row));
  keys.set(column.id, key);
  return key;
}

function compareKeys(a: SortKey, b: SortKey): number {
  if (a instanceof Big && b instanceof Big) return a.cmp(b);
  if (typeof a === "number" && typeof b === "number") return a - b;
  return collator.compare(String(a), String(b));
}

const haystacks = new WeakMap<object, WeakMap<object, string>>();

/** Lower-cased text of every searchable column, joined: what the search box matches against. */
export function searchText<T>(row: T, columns: readonly ColumnSpec<T>[]): string {
  // Rows are immutable query data, so each row's text is built once per column set, not per keystroke.
  let byRow = haystacks.get(columns);
  if (!byRow) haystacks.set(columns, (byRow = new WeakMap()));
  const cached = typeof row === "object" && row !== null ? byRow.get(row) : undefined;
  if (cached !== undefined) return cached;
  let text = "";
  for (const column of columns) {
    if (!column.searchable) continue;
    const value = column.value(row);
    if (value !== null && value !== undefined) text += `${String(value).toLowerCase()}\u0000`;
  }
  if (typeof row === "object" && row !== null) byRow.set(row, text);
  return text;
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
  const needle = options.query?.trim().toLowerCase() ?? "";
  let result = rows.filter(
    (row) => (!options.predicate || options.predicate(row)) && (!needle || searchText(row, columns).includes(needle)),
  );
  const sort = options.sort;
  const column = sort && columns.find((candidate) => candidate.id === sort.id);
  if (!sort || !column) return result;
  const sign = sort.direction === "desc" ? -1 : 1;
  const keyed = result.map((row, index) => ({ row, index, key: cachedSortKey(row, column) }));
  keyed.sort((a, b) => {
    if (a.key === undefined || b.key === undefined) {
      if (a.key === b.key) return a.index - b.index;
      return a.key === undefined ? 1 : -1;
    }
    return sign * compareKeys(a.key, b.key) || a.index - b.index;
  });
  result = keyed.map((entry) => entry.row);
  return result;
}
