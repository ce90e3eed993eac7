"use client";

import {
  type InfiniteData,
  keepPreviousData,
  type QueryKey,
  useInfiniteQuery,
  type UseInfiniteQueryOptions,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { ApiError } from "@/lib/query/fetch-json";

export const listChangedNotice = "The list changed since this table loaded, so it was reloaded from the top.";

/**
 * A server-paged table's query: the previous view stays on screen while the next one loads. A later page refused
 * because the list changed (409) reloads the view from the top once, with a notice; a second refusal is an error.
 */
export function usePagedRows<Page extends { rows: readonly unknown[] }, Key extends QueryKey, Param>(
  options: UseInfiniteQueryOptions<Page, Error, InfiniteData<Page, unknown>, Key, Param>,
) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({ ...options, placeholderData: keepPreviousData });
  const { data, hasNextPage, isFetchingNextPage, error, fetchNextPage, isFetchNextPageError } = query;
  const rows = useMemo((): Page["rows"][number][] => (data ? data.pages.flatMap((page) => page.rows) : []), [data]);
  const key = JSON.stringify(options.queryKey);
  const changed = isFetchNextPageError && error instanceof ApiError && error.status === 409;
  // Views reloaded because their list changed: each at most once, so a list that keeps changing cannot loop.
  const [reloaded, setReloaded] = useState<ReadonlySet<string>>(() => new Set());
  if (changed && !reloaded.has(key)) setReloaded(new Set(reloaded).add(key));
  const reset = useRef(new Set<string>());
  useEffect(() => {
    if (!changed || !reloaded.has(key) || reset.current.has(key)) return;
    reset.current.add(key);
    void queryClient.resetQueries({ queryKey: options.queryKey, exact: true });
  }, [changed, reloaded, key, queryClient, options.queryKey]);
  const notice = reloaded.has(key) ? listChangedNotice : null;
  return {
    query,
    first: data?.pages[0],
    rows,
    /** Said once after the view was reloaded because its list changed. */
    notice,
    /** Retry: a list that changed is read again from the top; any other failure asks again for what failed. */
    retry: () =>
      void (changed ? queryClient.resetQueries({ queryKey: options.queryKey, exact: true }) : query.refetch()),
    /** Asks for the next page when the table nears its end, unless one is loading, none is left, or the last failed. */
    onNearEnd: hasNextPage && !isFetchingNextPage && !error ? () => void fetchNextPage() : undefined,
  };
}
