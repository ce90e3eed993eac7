import { infiniteQueryOptions, type QueryClient, queryOptions } from "@tanstack/react-query";
import { fetchJson } from "../query/fetch-json";
import { nextPageCursor, type PageCursor, pageParams } from "../query/paged";
import { type DirectoryView, directoryViewSearch } from "./search-params";
import type { DirectoryPage, InvestorAcrossFunds } from "./types";

export const directoryFirstPage = 100;

// Set only by a person's Refresh or Retry: the next first page makes the server read every fund again.
let refreshAsked = false;

/** Refresh / Retry: the server reads every fund again (at most every 10 s), the failed ones included. */
export function refreshDirectory(client: QueryClient): Promise<void> {
  refreshAsked = true;
  return client.invalidateQueries({ queryKey: ["directory"] });
}

/** The directory's view, a page at a time; while funds are still being read it asks again each second. */
export function directoryRowsQuery(view: DirectoryView) {
  const search = directoryViewSearch(view);
  return infiniteQueryOptions({
    queryKey: ["directory", search],
    initialPageParam: { offset: 0 } as PageCursor,
    getNextPageParam: (last: DirectoryPage) => nextPageCursor(last),
    queryFn: ({ pageParam, signal }) => {
      const params = pageParams(search, pageParam, directoryFirstPage);
      if (pageParam.offset === 0 && refreshAsked) {
        refreshAsked = false;
        params.set("refresh", "1");
      }
      return fetchJson<DirectoryPage>(`/api/investors?${params}`, signal);
    },
    refetchInterval: (query) => {
      const first = query.state.data?.pages[0];
      return first?.complete === false ? 1_000 : first?.reading || first?.kept ? 3_000 : false;
    },
  });
}

export function investorAcrossFundsQuery(key: string) {
  return queryOptions({
    queryKey: ["directory", "investor", key],
    queryFn: ({ signal }) => fetchJson<InvestorAcrossFunds>(`/api/investors/${encodeURIComponent(key)}`, signal),
  });
}

/**
 * Resolves once every fund of the person's organization has been tried (read, or failed: the file then names those),
 * telling `onProgress` how many of how many are read meanwhile.
 */
export async function untilOrganizationRead(
  onProgress: (read: number, total: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  for (;;) {
    const page = await fetchJson<DirectoryPage>("/api/investors?limit=1", signal);
    if (page.complete) return;
    onProgress(page.progress.read, page.progress.total);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
