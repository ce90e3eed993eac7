import { infiniteQueryOptions, type QueryClient, queryOptions } from "@tanstack/react-query";
import { fetchJson } from "../query/fetch-json";
import { type DirectoryView, directoryViewSearch } from "./search-params";
import type { DirectoryPage, InvestorAcrossFunds } from "./types";

export const directoryFirstPage = 100;
const laterPageRows = 300;

// Set only by a person's Refresh or Retry: the next first page makes the server read every fund again.
let refreshAsked = false;

/** Refresh / Retry: the server reads every fund again (at most every 10 s), the failed ones included. */
export function refreshDirectory(client: QueryClient): Promise<void> {
  refreshAsked = true;
  return client.invalidateQueries({ queryKey: ["directory"] });
}

/** Where the next page of a view starts, and which directory it must be cut from (none while funds are read). */
interface DirectoryCursor {
  offset: number;
  version?: string;
}

/** The directory's view, a page at a time; while funds are still being read it asks again each second. */
export function directoryRowsQuery(view: DirectoryView) {
  const search = directoryViewSearch(view);
  return infiniteQueryOptions({
    queryKey: ["directory", search],
    initialPageParam: { offset: 0 } as DirectoryCursor,
    getNextPageParam: (last: DirectoryPage): DirectoryCursor | undefined => {
      const offset = last.offset + last.rows.length;
      if (offset >= last.matched || last.rows.length === 0) return undefined;
      return last.version === null ? { offset } : { offset, version: last.version };
    },
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams(search);
      params.set("offset", String(pageParam.offset));
      params.set("limit", String(pageParam.offset === 0 ? directoryFirstPage : laterPageRows));
      if (pageParam.version !== undefined) params.set("version", pageParam.version);
      if (pageParam.offset === 0 && refreshAsked) {
        refreshAsked = false;
        params.set("refresh", "1");
      }
      return fetchJson<DirectoryPage>(`/api/investors?${params}`, signal);
    },
    refetchInterval: (query) => (query.state.data?.pages[0]?.complete === false ? 1_000 : false),
  });
}

export function investorAcrossFundsQuery(key: string) {
  return queryOptions({
    queryKey: ["directory", "investor", key],
    queryFn: ({ signal }) => fetchJson<InvestorAcrossFunds>(`/api/investors/${encodeURIComponent(key)}`, signal),
  });
}
