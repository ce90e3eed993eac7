"use client";

import {
  type InfiniteData,
  keepPreviousData,
  type QueryKey,
  useInfiniteQuery,
  type UseInfiniteQueryOptions,
} from "@tanstack/react-query";
import { useMemo } from "react";

/** A server-paged table's query: the previous view stays on screen while the next one loads. */
export function usePagedRows<Page extends { rows: readonly unknown[] }, Key extends QueryKey, Param>(
  options: UseInfiniteQueryOptions<Page, Error, InfiniteData<Page, unknown>, Key, Param>,
) {
  const query = useInfiniteQuery({ ...options, placeholderData: keepPreviousData });
  const { data, hasNextPage, isFetchingNextPage, error, fetchNextPage } = query;
  const rows = useMemo((): Page["rows"][number][] => (data ? data.pages.flatMap((page) => page.rows) : []), [data]);
  return {
    query,
    first: data?.pages[0],
    rows,
    /** Asks for the next page when the table nears its end, unless one is loading, none is left, or the last failed. */
    onNearEnd: hasNextPage && !isFetchingNextPage && !error ? () => void fetchNextPage() : undefined,
  };
}
