"use client";

import type { ReactTable, RowData } from "@tanstack/react-table";
import type { DataTableFeatures } from "./features";

interface DataTableViewOptionsProps<T extends RowData> {
  table: ReactTable<DataTableFeatures, T>;
  onReset: () => void;
}

/** The column picker: a disclosure with one checkbox per column. */
export function DataTableViewOptions<T extends RowData>({ table, onReset }: DataTableViewOptionsProps<T>) {
  const columns = table.getAllLeafColumns();
  const visible = columns.filter((column) => column.getIsVisible()).length;
  return (
    <details className="relative">
      <summary className="flex h-9 cursor-pointer list-none items-center rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800">
        Columns ({visible} of {columns.length})
      </summary>
      <fieldset className="absolute right-0 z-30 mt-1 max-h-96 w-72 overflow-auto rounded-md border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
        <legend className="sr-only">Visible columns</legend>
        <button
          type="button"
          onClick={onReset}
          className="mb-1 w-full rounded px-2 py-1 text-left text-sm text-blue-700 hover:bg-zinc-100 dark:text-blue-300 dark:hover:bg-zinc-800"
        >
          Reset to default columns
        </button>
        {columns.map((column) => (
          <label
            key={column.id}
            className="flex items-center gap-2 rounded px-2 py-1 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
          >
            <input
              type="checkbox"
              checked={column.getIsVisible()}
              disabled={column.id === "name"}
              onChange={column.getToggleVisibilityHandler()}
            />
            {typeof column.columnDef.header === "string" ? column.columnDef.header : column.id}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
