"use client";

import type { RowData } from "@tanstack/react-table";
import type { DataTableViewOptionsProps } from "./data-table-view-options";

/** The open column picker: Reset, then one checkbox per column (the name always shown). */
export function DataTableColumnList<T extends RowData>({ table, onReset }: DataTableViewOptionsProps<T>) {
  return (
    <fieldset className="absolute right-0 z-30 mt-1 max-h-96 w-72 max-md:inset-x-4 max-md:w-auto overflow-auto rounded-md border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
      <legend className="sr-only">Visible columns</legend>
      <button
        type="button"
        onClick={onReset}
        className="mb-1 w-full rounded px-2 py-1 text-left text-sm text-blue-700 hover:bg-zinc-100 dark:text-blue-300 dark:hover:bg-zinc-800"
      >
        Reset to default columns
      </button>
      {table.getAllLeafColumns().map((column) => (
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
  );
}
