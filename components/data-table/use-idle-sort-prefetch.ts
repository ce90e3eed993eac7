import type { ReactTable, RowData } from "@tanstack/react-table";
import { useEffect, useRef } from "react";
import type { DataTableFeatures } from "./features";

export type SortIntent = (columnId: string, order: "asc" | "desc" | false) => Promise<unknown> | void;

const whenIdle = (run: () => void): (() => void) => {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(run, { timeout: 1_000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 50);
  return () => clearTimeout(handle);
};

/**
 * Once the view is settled (`viewKey` set) and the browser idle, the order a click on each visible header would give
 * is fetched ahead, one at a time, left to right: a click then paints from the cache instead of waiting for the
 * server. A new view (or leaving the page) stops what is left.
 */
export function useIdleSortPrefetch<T extends RowData>(
  table: ReactTable<DataTableFeatures, T>,
  onSortIntent: SortIntent | undefined,
  viewKey: string | null,
) {
  const latest = useRef({ table, onSortIntent });
  useEffect(() => {
    latest.current = { table, onSortIntent };
  });
  useEffect(() => {
    if (viewKey === null || !latest.current.onSortIntent) return;
    let stopped = false;
    let cancel = () => {};
    const columns = latest.current.table.getVisibleLeafColumns().filter((column) => column.getCanSort());
    const step = async (at: number) => {
      const column = columns[at];
      if (stopped || !column) return;
      await latest.current.onSortIntent?.(column.id, column.getNextSortingOrder());
      if (!stopped) cancel = whenIdle(() => void step(at + 1));
    };
    cancel = whenIdle(() => void step(0));
    return () => {
      stopped = true;
      cancel();
    };
  }, [viewKey]);
}
