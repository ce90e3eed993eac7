"use client";

import type { Column, ReactTable, RowData } from "@tanstack/react-table";
import { type ReactNode, useEffect, useId, useState } from "react";
import type { DataTableFeatures } from "./features";
import { isNumericKind } from "./formatted-value";
import { PhoneCards } from "./phone-cards";

interface DataTableCardsProps<T extends RowData> {
  table: ReactTable<DataTableFeatures, T>;
  /** Accessible name of the list: the table's. */
  label: string;
  empty: ReactNode;
  /** Rows in the whole view when only some are loaded (a paged table). */
  rowCount?: number;
  /** Asks for the next page of a paged table. */
  onNearEnd?: () => void;
  busy?: boolean;
  className?: string;
}

// Cards shown at first and added by each "Show more": a page of a phone's screens, never the whole list.
const pageSize = 25;
const count = new Intl.NumberFormat("en-US");

function orderWords(column: Column<DataTableFeatures, never, unknown>): [string, string] {
  const kind = column.columnDef.meta?.kind;
  if (kind === "date") return ["oldest first", "newest first"];
  if (isNumericKind(kind)) return ["lowest first", "highest first"];
  return ["A to Z", "Z to A"];
}

/**
 * The table's rows as a phone's cards (below `md`): the columns the feature marks as mattering most (`phone` on its
 * column specs), rendered by the same cells as the table, so links and exact amounts read the same. Sorting is a
 * select over the table's sortable columns (the URL's sort, as the headers write it); the list grows a page at a
 * time and asks a paged table for its next page as it nears the loaded end.
 */
export function DataTableCards<T extends RowData>(props: DataTableCardsProps<T>) {
  const { table, label, onNearEnd } = props;
  const id = useId();
  const [limit, setLimit] = useState(pageSize);
  const rows = table.getRowModel().rows;
  const rowCount = props.rowCount ?? rows.length;
  useEffect(() => {
    // Asked once the next "Show more" would reach past the loaded rows, not before.
    if (onNearEnd && limit + pageSize > rows.length) onNearEnd();
  }, [onNearEnd, limit, rows.length]);

  const sortable = table.getVisibleLeafColumns().filter((column) => column.getCanSort());
  const sorted = sortable.find((column) => column.getIsSorted());
  const sortValue = sorted ? `${sorted.id}.${sorted.getIsSorted()}` : "";
  const shown = rows.slice(0, limit);
  const cards = shown.map((row) => {
    const cells = row.getVisibleCells();
    const role = (cell: (typeof cells)[number]) => cell.column.columnDef.meta?.phone;
    const title = cells.find((cell) => role(cell) === "title") ?? cells[0];
    const label = (cell: (typeof cells)[number]) =>
      typeof cell.column.columnDef.header === "string" ? cell.column.columnDef.header : cell.column.id;
    return {
      key: row.id,
      title: title ? <table.FlexRender cell={title} /> : row.id,
      details: cells
        .filter((cell) => role(cell) === "detail")
        .map((cell) => (
          <span key={cell.id} data-phone-detail={cell.column.id}>
            <table.FlexRender cell={cell} />
          </span>
        )),
      figures: cells
        .filter((cell) => role(cell) === "figure")
        .map((cell) => ({
          label: label(cell),
          value: (
            <span data-phone-figure={cell.column.id}>
              <table.FlexRender cell={cell} />
            </span>
          ),
        })),
    };
  });

  return (
    <div className={props.className}>
      {sortable.length > 0 ? (
        <div className="mb-2 flex items-center gap-2">
          <label htmlFor={`${id}-sort`} className="text-sm font-medium">
            Sort
          </label>
          <select
            id={`${id}-sort`}
            value={sortValue}
            onChange={(event) => {
              const [column, direction] = event.target.value.split(/\.(?=asc$|desc$)/);
              table.setSorting(column ? [{ id: column, desc: direction === "desc" }] : []);
            }}
            className="h-11 min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          >
            <option value="">Default order</option>
            {sortable.map((column) => {
              const header = typeof column.columnDef.header === "string" ? column.columnDef.header : column.id;
              const [up, down] = orderWords(column as unknown as Column<DataTableFeatures, never, unknown>);
              return [
                <option key={`${column.id}.asc`} value={`${column.id}.asc`}>
                  {header}, {up}
                </option>,
                <option key={`${column.id}.desc`} value={`${column.id}.desc`}>
                  {header}, {down}
                </option>,
              ];
            })}
          </select>
        </div>
      ) : null}
      {rows.length === 0 ? (
        <p className="rounded-lg border border-zinc-200 px-3 py-8 text-center text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
          {props.empty}
        </p>
      ) : (
        <PhoneCards label={label} cards={cards} className={`transition-opacity ${props.busy ? "opacity-60" : ""}`} />
      )}
      {shown.length < rowCount ? (
        <div className="mt-2 flex items-center gap-3">
          <button
            type="button"
            onClick={() => setLimit((at) => at + pageSize)}
            disabled={shown.length >= rows.length}
            className="h-11 rounded-md border border-zinc-300 px-4 text-sm font-medium disabled:opacity-60 dark:border-zinc-700"
          >
            {shown.length >= rows.length ? "Loading more…" : "Show more"}
          </button>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {count.format(shown.length)} of {count.format(rowCount)} shown
          </p>
        </div>
      ) : null}
    </div>
  );
}
