"use client";

import type { ReactTable, RowData } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, useEffect, useMemo, useRef } from "react";
import { columnWidths } from "./column-widths";
import { DataTableCards } from "./data-table-cards";
import { DataTableColumnHeader } from "./data-table-column-header";
import type { DataTableFeatures } from "./features";
import { isNumericKind } from "./formatted-value";
import { type SortIntent, useSortPrefetch } from "./use-sort-prefetch";
import { useWideScreen } from "./use-wide-screen";

interface DataTableProps<T extends RowData> {
  table: ReactTable<DataTableFeatures, T>;
  /** Accessible name of the table. */
  label: string;
  /** Shown in place of rows when there are none. */
  empty: ReactNode;
  /** Extra rows at the foot of the table (totals). */
  footer?: ReactNode;
  /** Every row of the dataset, unsorted and unfiltered: columns are sized once for all of them. */
  allRows?: readonly T[];
  /** Longest value of each column over rows held by the server (a paged table), for sizing. */
  longest?: Readonly<Record<string, number>>;
  /** Rows in the whole view when only some are loaded (a paged table). */
  rowCount?: number;
  /** Called when the person scrolls near the last loaded row and more can be loaded. */
  onNearEnd?: () => void;
  /** The rows shown are from the previous view while the new one loads. */
  busy?: boolean;
  /** A pointer or focus on a header, with the order a click would give: a paged table fetches that view ahead. */
  onSortIntent?: SortIntent;
  /** The settled view's identity (null while it loads): once idle, every header's next order is fetched ahead. */
  prefetchSortsFor?: string | null;
}

const rowHeight = 35;
// The first column (the name) stays in view while the table scrolls sideways on narrower screens.
const stickyFirst = "sticky left-0 z-[1] bg-white group-hover:bg-zinc-50 dark:bg-zinc-950 dark:group-hover:bg-zinc-900";

/**
 * A sortable table that renders only the rows in view, so 50,000 rows cost what 30 do; below `md` (a phone) the same
 * rows as cards of the columns that matter most, a page at a time. Both are in the server's HTML, hidden by
 * breakpoint; once hydrated only the one the screen shows is kept.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const wide = useWideScreen();
  // Every header's next order is fetched ahead only where there are headers to click.
  useSortPrefetch(props.table, props.onSortIntent, wide ? (props.prefetchSortsFor ?? null) : null);
  return (
    <>
      {wide !== false ? <DataTableGrid {...props} /> : null}
      {wide !== true ? (
        <DataTableCards
          table={props.table}
          label={props.label}
          empty={props.empty}
          rowCount={props.rowCount}
          onNearEnd={props.onNearEnd}
          busy={props.busy}
          className="md:hidden"
        />
      ) : null}
    </>
  );
}

function DataTableGrid<T extends RowData>(props: DataTableProps<T>) {
  const { table, label, empty, footer, allRows, longest, onNearEnd } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = table.getRowModel().rows;
  const columns = table.getVisibleLeafColumns();
  // Sized over the whole dataset, so a sort or a search does not walk every row again.
  const widths = useMemo(() => columnWidths(columns, allRows ?? [], longest), [columns, allRows, longest]);
  const totalWidth = [...widths.values()].reduce((sum, width) => sum + width, 0);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    // Six rows past each edge, two wheel steps: each new order or view renders every row in the DOM (twelve made a
    // first sort click about 15 % slower to paint).
    overscan: 6,
    // The server has no viewport: render the first screen of rows into the HTML anyway.
    initialRect: { width: 1280, height: 720 },
    // A table scrolled before it hydrated stays where it was scrolled to (the virtualizer would put it back at 0).
    initialOffset: () => scrollRef.current?.scrollTop ?? 0,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const lastInView = items.at(-1)?.index ?? -1;
  // The next page is asked for a screen before the last loaded row comes into view.
  useEffect(() => {
    if (onNearEnd && lastInView >= rows.length - 30) onNearEnd();
  }, [onNearEnd, lastInView, rows.length]);
  const rowCount = props.rowCount ?? rows.length;

  return (
    <div
      ref={scrollRef}
      className="hidden max-h-[70vh] overflow-auto rounded-lg border border-zinc-200 md:block dark:border-zinc-800"
      tabIndex={0}
      role="region"
      aria-label={`${label} (scrollable)`}
    >
      <table
        aria-label={label}
        aria-rowcount={rowCount + 1}
        aria-busy={props.busy || undefined}
        className={`table-fixed border-collapse text-[13px] transition-opacity ${props.busy ? "opacity-60" : ""}`}
        style={{ width: totalWidth, minWidth: "100%" }}
      >
        <colgroup>
          {columns.map((column) => (
            <col key={column.id} style={{ width: widths.get(column.id) }} />
          ))}
        </colgroup>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {group.headers.map((header, index) => (
                <DataTableColumnHeader
                  key={header.id}
                  header={header}
                  sticky={index === 0}
                  onSortIntent={props.onSortIntent}
                />
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {padTop > 0 ? <tr aria-hidden="true" style={{ height: padTop }} /> : null}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              // Keyed by place, not by record: a new order or view updates the rows on screen in place (their text)
              // instead of unmounting them and building new ones, which was most of a sort click's render.
              <tr
                key={item.index}
                aria-rowindex={item.index + 2}
                className="group border-b border-zinc-100 hover:bg-zinc-50 dark:border-zinc-800/70 dark:hover:bg-zinc-900"
                style={{ height: rowHeight }}
              >
                {row.getVisibleCells().map((cell, index) => (
                  <td
                    key={cell.column.id}
                    className={`truncate whitespace-nowrap px-3 py-2 ${isNumericKind(cell.column.columnDef.meta?.kind) ? "text-right" : ""} ${index === 0 ? stickyFirst : ""}`}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            );
          })}
          {padBottom > 0 ? <tr aria-hidden="true" style={{ height: padBottom }} /> : null}
          {rows.length < rowCount ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-2 text-zinc-600 dark:text-zinc-400" role="status">
                Loading more rows…
              </td>
            </tr>
          ) : null}
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-10 text-center text-zinc-600 dark:text-zinc-400">
                {empty}
              </td>
            </tr>
          ) : null}
        </tbody>
        {footer ? (
          <tfoot className="sticky bottom-0 z-10 bg-zinc-50 font-medium dark:bg-zinc-900">{footer}</tfoot>
        ) : null}
      </table>
    </div>
  );
}
