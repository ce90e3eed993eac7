import { columnVisibilityFeature, rowSortingFeature, tableFeatures } from "@tanstack/react-table";
import type { ColumnKind, PhoneRole, RawValue } from "@/lib/table/types";

export interface DataTableColumnMeta {
  kind: ColumnKind;
  /** The raw value a cell shows, for sizing the column to its content. */
  value: (row: unknown) => RawValue;
  /** Longest text (in characters) before a text column truncates; numbers and dates never do. */
  maxChars?: number;
  /** What the column is on a phone's card of the row (the spec's `phone`); absent: desktop table only. */
  phone?: PhoneRole;
}

// Sorting and searching run in lib/table/view.ts (manualSorting), shared with the CSV export.
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  columnVisibilityFeature,
  columnMeta: {} as DataTableColumnMeta,
});

export type DataTableFeatures = typeof dataTableFeatures;
