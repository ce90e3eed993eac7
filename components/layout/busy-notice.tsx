"use client";

import { useIsFetching } from "@tanstack/react-query";
import { isBusy } from "@/lib/query/fetch-json";

/** Says so while a request the dashboard was too busy to start waits out its Retry-After before its one retry. */
export function BusyNotice() {
  const retrying = useIsFetching({
    predicate: (query) => query.state.fetchFailureCount > 0 && isBusy(query.state.fetchFailureReason),
  });
  return (
    <p
      role="status"
      className={
        retrying > 0
          ? "fixed bottom-4 right-4 z-50 rounded-md bg-amber-100 px-3 py-2 text-sm font-medium text-amber-900 shadow dark:bg-amber-900/60 dark:text-amber-50"
          : "sr-only"
      }
    >
      {retrying > 0 ? "Busy, retrying…" : ""}
    </p>
  );
}
