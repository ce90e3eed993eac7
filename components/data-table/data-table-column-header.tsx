"use client";

import type { Header, RowData } from "@tanstack/react-table";
import { useRef } from "react";
import type { DataTableFeatures } from "./features";
import { isNumericKind } from "./formatted-value";
import type { SortIntent } from "./use-sort-prefetch";

interface DataTableColumnHeaderProps<T extends RowData> {
  header: Header<DataTableFeatures, T, unknown>;
  /** Pinned to the left edge, over the scrolling columns. */
  sticky?: boolean;
  /** Told the order a click would give when the pointer enters the header or it takes focus. */
  onSortIntent?: SortIntent;
}

const ariaSort = { asc: "ascending", desc: "descending" } as const;

/** A header cell that is wholly a sort button (a click anywhere in it sorts); aria-sort tells assistive tech the order. */
export function DataTableColumnHeader<T extends RowData>({
  header,
  sticky,
  onSortIntent,
}: DataTableColumnHeaderProps<T>) {
  const column = header.column;
  const intent = useRef<ReturnType<typeof setTimeout>>(undefined);
  const sorted = column.getIsSorted();
  const label = typeof column.columnDef.header === "string" ? column.columnDef.header : column.id;
  const numeric = isNumericKind(column.columnDef.meta?.kind);
  const cellClass = `sticky top-0 ${sticky ? "left-0 z-20" : "z-10"} whitespace-nowrap border-b border-zinc-200 bg-zinc-50 p-0 font-medium text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-200 ${numeric ? "text-right" : "text-left"}`;
  // A table in one fixed order (the audit trail, newest first): its headers are labels, not buttons.
  if (!column.getCanSort())
    return (
      <th scope="col" className={cellClass}>
        <span className="block px-3 py-2">{label}</span>
      </th>
    );
  return (
    <th scope="col" aria-sort={sorted ? ariaSort[sorted] : undefined} className={cellClass}>
      <button
        type="button"
        onClick={column.getToggleSortingHandler()}
        onPointerEnter={() => {
          // A pointer that rests on the header, not one passing over the row of headers.
          if (onSortIntent)
            intent.current = setTimeout(() => void onSortIntent(column.id, column.getNextSortingOrder()), 80);
        }}
        onPointerLeave={() => clearTimeout(intent.current)}
        // A click within the 80 ms asks for its own order; the timer, firing after it, would fetch the one after.
        onPointerDown={() => clearTimeout(intent.current)}
        onFocus={onSortIntent ? () => void onSortIntent(column.id, column.getNextSortingOrder()) : undefined}
        className={`flex w-full items-center gap-1 px-3 py-2 hover:text-zinc-950 dark:hover:text-white ${numeric ? "flex-row-reverse" : ""}`}
      >
        {label}
        <span aria-hidden="true" className={sorted ? "text-blue-700 dark:text-blue-300" : "text-zinc-400"}>
          {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
        </span>
      </button>
    </th>
  );
}
