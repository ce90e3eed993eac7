import type { ColumnSpec, SortState } from "./types";

/** `target_size.desc` → { id: "target_size", direction: "desc" }; unknown columns and odd values give null. */
export function parseSort<T>(value: string | null | undefined, columns: readonly ColumnSpec<T>[]): SortState | null {
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot <= 0) return null;
  const id = value.slice(0, dot);
  const direction = value.slice(dot + 1);
  if (direction !== "asc" && direction !== "desc") return null;
  return columns.some((column) => column.id === id) ? { id, direction } : null;
}

export function serializeSort(sort: SortState | null): string | null {
  return sort ? `${sort.id}.${sort.direction}` : null;
}
