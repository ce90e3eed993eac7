"use client";

import type { SortingState, Updater } from "@tanstack/react-table";
import { debounce, parseAsString, useQueryState } from "nuqs";
import { useMemo } from "react";
import { parseSort, serializeSort } from "@/lib/table/sort-state";
import type { ColumnSpec } from "@/lib/table/types";

/** Sort and search live in the query string (`?sort=target_size.desc&q=acme`): every view is a deep link. */
export function useTableUrlState<T>(columns: readonly ColumnSpec<T>[]) {
  // Each sort is a history entry, so Back returns to the previous order.
  const [sortParam, setSortParam] = useQueryState("sort", parseAsString.withOptions({ history: "push" }));
  // Typing replaces the entry and writes the URL once the person pauses; the table filters at once.
  const [query, setQuery] = useQueryState(
    "q",
    parseAsString.withDefault("").withOptions({ history: "replace", limitUrlUpdates: debounce(300) }),
  );
  const sort = useMemo(() => parseSort(sortParam, columns), [sortParam, columns]);
  const sorting = useMemo<SortingState>(() => (sort ? [{ id: sort.id, desc: sort.direction === "desc" }] : []), [sort]);

  function onSortingChange(updater: Updater<SortingState>) {
    const next = (typeof updater === "function" ? updater(sorting) : updater)[0];
    void setSortParam(serializeSort(next ? { id: next.id, direction: next.desc ? "desc" : "asc" } : null));
  }

  return { sort, sorting, onSortingChange, query, setQuery };
}
