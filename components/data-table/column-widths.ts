import type { Column, RowData } from "@tanstack/react-table";
import { displayLength } from "@/lib/values/display-length";
import type { DataTableFeatures } from "./features";

// Average glyph widths at the table's 13px system font; figures use tabular digits, a little wider.
const textCharPx = 7.6;
const figureCharPx = 7.8;
const paddingPx = 26;
const defaultMaxChars = 22;

/**
 * Column widths fitted to the longest value over all rows (not only those in view), so virtualized
 * scrolling never makes columns jump; text columns cap and truncate (full text on hover), figures never do.
 * `longest` gives a column's longest value when the server worked it out over rows the browser does not hold.
 */
export function columnWidths<T extends RowData>(
  columns: Column<DataTableFeatures, T, unknown>[],
  rows: readonly T[],
  longest: Readonly<Record<string, number>> = {},
): Map<string, number> {
  const widths = new Map<string, number>();
  for (const column of columns) {
    const meta = column.columnDef.meta;
    const header = typeof column.columnDef.header === "string" ? column.columnDef.header.length + 2 : 8;
    let chars = Math.max(header, longest[column.id] ?? 0);
    if (meta) for (const row of rows) chars = Math.max(chars, displayLength(meta.kind, meta.value(row)));
    const cap = meta?.kind === "text" ? Math.max(header, meta.maxChars ?? defaultMaxChars) : Infinity;
    const charPx = meta?.kind === "text" ? textCharPx : figureCharPx;
    widths.set(column.id, Math.round(Math.min(chars, cap) * charPx + paddingPx));
  }
  return widths;
}
