import { infiniteQueryOptions, type QueryClient, queryOptions } from "@tanstack/react-query";
import type { Investor } from "../customer-api/schemas";
import { fetchAnswer, fetchJson } from "../query/fetch-json";
import { nextPageCursor, type PageCursor, pageParams } from "../query/paged";
import type { InvestorColumnId } from "./columns";
import { type InvestorView, investorViewSearch } from "./search-params";
import type { InvestorNeighbours, InvestorRead, InvestorRowsPage } from "./types";

export const investorRowsFirstPage = 100;

// Funds whose next first page must make the server read the list again: only a person's Refresh puts one here,
// never a retry or a Back navigation.
const refreshAsked = new Set<string>();

/** Refresh: the server reads the fund's list again (at most once per INVESTOR_LIST_REFRESH_SECONDS). */
export function refreshInvestorRows(client: QueryClient, fundId: string): Promise<void> {
  refreshAsked.add(fundId);
  return client.invalidateQueries({ queryKey: ["funds", fundId, "investor-rows"] });
}

/** The investor table's view, a page at a time, from the server's held copy of the fund's list; `sized` are the columns on screen. */
export function fundInvestorRowsQuery(fundId: string, view: InvestorView, sized: readonly InvestorColumnId[]) {
  const search = investorViewSearch(view);
  return infiniteQueryOptions({
    // The columns are part of the key: a column added with the picker gets its width from the server.
    queryKey: ["funds", fundId, "investor-rows", search, sized.join(",")],
    initialPageParam: { offset: 0 } as PageCursor,
    // A first screen served while the list is read has no later pages until the list is complete.
    getNextPageParam: (last: InvestorRowsPage) =>
      last.complete && last.version !== null ? nextPageCursor(last) : undefined,
    // While the server is still reading the list, ask again until the page is whole; a kept read, until it is live.
    refetchInterval: (query) => {
      const first = query.state.data?.pages[0];
      return first?.complete === false ? 300 : first?.kept ? 2_000 : false;
    },
    queryFn: ({ pageParam, signal }) => {
      const params = pageParams(search, pageParam, investorRowsFirstPage);
      if (sized.length > 0) params.set("cols", sized.join(","));
      if (pageParam.version === undefined && refreshAsked.delete(fundId)) params.set("refresh", "1");
      return fetchJson<InvestorRowsPage>(`/api/funds/${encodeURIComponent(fundId)}/investor-rows?${params}`, signal);
    },
  });
}

// A person who reads the page a while before sorting still gets the order from the browser (the table then reads it
// again, as it does any view older than the client's minute).
const aheadKeptMs = 30 * 60_000;

/**
 * A view asked for ahead of the click or keystroke that shows it. The cache's answer is reused only when it was cut
 * from `version`, the list the table shows (any other is read again), so a click never paints an older list.
 */
export function fundInvestorRowsAhead(
  fundId: string,
  view: InvestorView,
  sized: readonly InvestorColumnId[],
  version: string | null,
) {
  return infiniteQueryOptions({
    ...fundInvestorRowsQuery(fundId, view, sized),
    staleTime: (query) => (version !== null && query.state.data?.pages[0]?.version === version ? Infinity : 0),
    gcTime: aheadKeptMs,
  });
}

export function investorNeighboursQuery(fundId: string, investorId: string, view: InvestorView) {
  const search = investorViewSearch(view);
  const path = `/api/funds/${encodeURIComponent(fundId)}/investors/${encodeURIComponent(investorId)}/neighbours`;
  return queryOptions({
    queryKey: ["funds", fundId, "investor-rows", search, "neighbours", investorId],
    queryFn: ({ signal }) => fetchJson<InvestorNeighbours>(`${path}${search}`, signal),
  });
}

/** Header of an investor's answer: when it was read, and (a kept read being read again) since when it is kept. */
export const readAtHeader = "X-Read-At";
export const keptAtHeader = "X-Kept-At";

const timeOf = (value: string | null) => (value === null || Number.isNaN(Date.parse(value)) ? null : Date.parse(value));

/** An investor of a fund; a kept read being read again is asked for again until the fresh one is in. */
export function investorQuery(fundId: string, investorId: string) {
  return queryOptions({
    queryKey: ["funds", fundId, "investors", investorId],
    queryFn: async ({ signal }): Promise<InvestorRead> => {
      const path = `/api/funds/${encodeURIComponent(fundId)}/investors/${encodeURIComponent(investorId)}`;
      const { body, headers } = await fetchAnswer<Investor>(path, signal);
      const readAt = timeOf(headers.get(readAtHeader)) ?? Date.now();
      return { investor: body, readAt, keptAt: timeOf(headers.get(keptAtHeader)) };
    },
    refetchInterval: (query) => (query.state.data?.keptAt ? 2_000 : false),
  });
}
