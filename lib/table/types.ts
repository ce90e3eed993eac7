export type RawValue = string | number | boolean | null | undefined;

/** How a column's values read, sort and show. */
export type ColumnKind = "text" | "money" | "percent" | "count" | "date";

/**
 * One column of a resource, defined once: the page renders it, the sort and the search read it,
 * and the CSV export writes it.
 */
export interface ColumnSpec<T> {
  /** Stable id used in the URL (`?sort=target_size.desc`); the field path for plain fields. */
  id: string;
  header: string;
  kind: ColumnKind;
  value: (row: T) => RawValue;
  /** Part of the search box's haystack. */
  searchable?: boolean;
  /** Shown before the person picks columns. */
  defaultVisible?: boolean;
  /** False for columns derived for display (a name with fallbacks): the CSV writes only the resource's fields. */
  csv?: boolean;
}

export type SortDirection = "asc" | "desc";

export interface SortState {
  id: string;
  direction: SortDirection;
}

/** Reads the nested value at a dotted field path (`investment_account.address.city`). */
export function valueAt(row: unknown, path: string | readonly string[]): RawValue {
  let current: unknown = row;
  for (const key of typeof path === "string" ? path.split(".") : path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  if (current === null || current === undefined) return current;
  if (typeof current === "object") return undefined;
  return current as RawValue;
}
