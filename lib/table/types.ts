import type { RawValue } from "../values/raw-value";

export type { RawValue } from "../values/raw-value";

/** How a column's values read, sort and show. */
export type ColumnKind = "text" | "money" | "percent" | "count" | "date";

/**
 * One column of a resource, defined once: the page renders it, the sort and the search read it,
 * and the CSV export writes it.
 */
export interface ColumnSpec<T, Id extends string = string> {
  /** Stable id used in the URL (`?sort=target_size.desc`); the field path for plain fields. */
  id: Id;
  header: string;
  kind: ColumnKind;
  value: (row: T) => RawValue;
  /** Part of the search box's haystack. */
  searchable?: boolean;
  /** Shown before the person picks columns. */
  defaultVisible?: boolean;
  /** False for columns derived for display (a name with fallbacks): the CSV writes only the resource's fields. */
  csv?: boolean;
  /** The field paths value() reads, for a derived column; a plain field reads only its id. */
  paths?: readonly string[];
  /**
   * The columns that matter most, what a phone's card of the row shows (below `md`): the `title` names the row (its
   * link), each `figure` is an amount the page is about, shown with its header, and a `detail` is a short line under
   * the title. Columns without it are on the desktop table only.
   */
  phone?: PhoneRole;
}

/** What a column is on a phone's card of its row: see ColumnSpec.phone. */
export type PhoneRole = "title" | "figure" | "detail";

export type SortDirection = "asc" | "desc";

export interface SortState<Id extends string = string> {
  id: Id;
  direction: SortDirection;
}

/** Reads the nested value at a dotted field path (`investment_account.address.city`). */
export function valueAt(row: unknown, path: string | readonly string[]): RawValue {
  let current: unknown = row;
  // A plain field (most columns) is read without splitting its path, once per row of every sort and search.
  const keys = typeof path !== "string" ? path : path.includes(".") ? path.split(".") : [path];
  for (const key of keys) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  if (current === null || current === undefined) return current;
  if (typeof current === "object") return undefined;
  return current as RawValue;
}

/** The field paths a set of columns reads, plus the row's id: all a view of those columns needs of a row. */
export function columnPaths<T>(columns: readonly ColumnSpec<T>[]): string[] {
  return [...new Set(["id", ...columns.flatMap((column) => column.paths ?? [column.id])])];
}

/** A copy of row with only the values at the given dotted paths, nested objects rebuilt as needed. */
export function pickPaths(row: unknown, paths: readonly string[]): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const path of paths) {
    const keys = path.split(".");
    let source: unknown = row;
    let target = copy;
    for (const [index, key] of keys.entries()) {
      if (source === null || typeof source !== "object" || !(key in source)) break;
      source = (source as Record<string, unknown>)[key];
      // A whole object already copied by a shorter path is shared, never written into.
      if (target[key] === source) break;
      if (index === keys.length - 1 || source === null || typeof source !== "object") {
        target[key] = source;
        break;
      }
      target = (target[key] ??= {}) as Record<string, unknown>;
    }
  }
  return copy;
}
