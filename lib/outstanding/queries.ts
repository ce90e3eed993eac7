import { infiniteQueryOptions, keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import { fetchJson } from "../query/fetch-json";
import { nextPageCursor, type PageCursor, pageParams } from "../query/paged";
import { type OutstandingView, outstandingViewSearch } from "./search-params";
import type { OutstandingFunds, OutstandingPage } from "./types";

export const outstandingFirstPage = 100;

// Set only by a person's Refresh or Retry: the next first page makes the server read every fund again.
let refreshAsked = false;

/** Refresh / Retry: the server reads every fund again (at most every 10 s), the failed ones included. */
export function refreshOutstanding(client: QueryClient): Promise<void> {
  refreshAsked = true;
  return client.invalidateQueries({ queryKey: ["outstanding"] });
}

/** Capital outstanding in the view, a page at a time; asked again each 2 s while funds are still being read. */
export function outstandingRowsQuery(view: OutstandingView) {
  const search = outstandingViewSearch(view);
  return infiniteQueryOptions({
    queryKey: ["outstanding", search],
    initialPageParam: { offset: 0 } as PageCursor,
    getNextPageParam: (last: OutstandingPage) => nextPageCursor(last),
    queryFn: ({ pageParam, signal }) => {
      const params = pageParams(search, pageParam, outstandingFirstPage);
      if (pageParam.offset === 0 && refreshAsked) {
        refreshAsked = false;
        params.set("refresh", "1");
      }
      return fetchJson<OutstandingPage>(`/api/outstanding?${params}`, signal);
    },
    refetchInterval: (query) => {
      const first = query.state.data?.pages[0];
      return first?.complete === false ? 2_000 : first?.reading || first?.kept ? 3_000 : false;
    },
  });
}

/**
 * The fund filter's choices; `positions` names the rows they come from (the directory's version, or how far it has
 * read), so the choices are asked again when those change.
 */
export function outstandingFundsQuery(positions: string) {
  return queryOptions({
    queryKey: ["outstanding-funds", positions],
    queryFn: ({ signal }) => fetchJson<OutstandingFunds>("/api/outstanding/funds", signal),
    // An open list keeps its choices while newer ones are asked for.
    placeholderData: keepPreviousData,
  });
}

/** Every distinct contact email of the view (not only the rows loaded), fetched when a person copies them. */
export async function outstandingEmails(view: OutstandingView): Promise<string[]> {
  return (await fetchJson<{ emails: string[] }>(`/api/outstanding/emails${outstandingViewSearch(view)}`)).emails;
}

export function outstandingCsvUrl(view: OutstandingView, partial = false): string {
  const search = new URLSearchParams(outstandingViewSearch(view));
  if (partial) search.set("partial", "1");
  const query = search.toString();
  return `/api/outstanding.csv${query ? `?${query}` : ""}`;
}
