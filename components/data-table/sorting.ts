import type { SortingState, Updater } from "@tanstack/react-table";
import type { SortState } from "@/lib/table/types";

/** The URL's sort as TanStack's sorting state. */
export function sortingOf(sort: SortState | null): SortingState {
  return sort ? [{ id: sort.id, desc: sort.direction === "desc" }] : [];
}

/** TanStack's sort changes written back as the URL's sort. */
export function onSortingChangeFor<Id extends string>(
  current: SortState<Id> | null,
  setSort: (sort: SortState<Id> | null) => void,
) {
  return (updater: Updater<SortingState>) => {
    const next = (typeof updater === "function" ? updater(sortingOf(current)) : updater)[0];
    setSort(next ? { id: next.id as Id, direction: next.desc ? "desc" : "asc" } : null);
  };
}
