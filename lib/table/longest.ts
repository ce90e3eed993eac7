import { displayLength } from "../values/display-length";
import type { ColumnSpec } from "./types";

/** Each column's longest value over the rows, in characters as shown: what a table sizes its columns by. */
export function longestValues<T>(rows: readonly T[], columns: readonly ColumnSpec<T>[]): Record<string, number> {
  return Object.fromEntries(
    columns.map((column) => [
      column.id,
      rows.reduce((most, row) => Math.max(most, displayLength(column.kind, column.value(row))), 0),
    ]),
  );
}
