import type { ColumnDef, RowData } from "@tanstack/react-table";
import type { ReactNode } from "react";
import type { ColumnSpec } from "@/lib/table/types";
import type { DataTableFeatures } from "./features";
import { FormattedValue } from "./formatted-value";

/** A TanStack column from a lib column spec, so the table shows exactly what sort, search and CSV use. */
export function specColumn<T extends RowData>(
  spec: ColumnSpec<T>,
  options: { cell?: (row: T) => ReactNode; maxChars?: number } = {},
): ColumnDef<DataTableFeatures, T, unknown> {
  return {
    id: spec.id,
    accessorFn: (row) => spec.value(row),
    header: spec.header,
    meta: { kind: spec.kind, value: (row) => spec.value(row as T), maxChars: options.maxChars, phone: spec.phone },
    cell: ({ row }) =>
      options.cell ? options.cell(row.original) : <FormattedValue kind={spec.kind} value={spec.value(row.original)} />,
  };
}
