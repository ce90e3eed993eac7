import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { Fund, Investor } from "./customer-api/schemas";
import type { InvestorNeighbours, InvestorRowsPage } from "./investors/server/investor-index";
import { type InvestorView, investorViewSearch } from "./investors/investor-view";
import { fetchJson } from "./query/fetch-json";
import { fundGridRow, type FundGridRow } from "./funds/columns";

// One factory per resource: the client's useQuery and the server's prefetch (with a lib/ queryFn) share the key.
/** The Funds grid's rows: slim rows, so the page's HTML and the browser's cache hold only what the grid reads. */
export function fundGridQuery() {
  return queryOptions({
    // Its own key: the fund page keeps its full record under ["funds", fundId].
    queryKey: ["fund-grid"],
    queryFn: async ({ signal }): Promise<FundGridRow[]> =>
      (await fetchJson<Fund[]>("/api/funds", signal)).map(fundGridRow),
  });
}

export function fundQuery(fundId: string) {
  return queryOptions({
    queryKey: ["funds", fundId],
    queryFn: ({ signal }) => fetchJson<Fund>(`/api/funds/${encodeURIComponent(fundId)}`, signal),
  });
}

/** Where the next page of a view starts, and which list it must be cut from. */
export interface InvestorRowsCursor {
  offset: number;
  version?: number;
}

const firstPageRows = 100;
const laterPageRows = 300;

/**
 * The investor table's view, a page at a time, from the server's held copy of the fund's list. `sized` (the
 * columns on screen) only sizes columns, so it is not part of the key: the rows do not depend on it.
 */
export function fundInvestorRowsQuery(fundId: string, view: InvestorView, sized: readonly string[] = []) {
  const search = investorViewSearch(view);
  return infiniteQueryOptions({
    queryKey: ["funds", fundId, "investor-rows", search],
    initialPageParam: { offset: 0 } as InvestorRowsCursor,
    getNextPageParam: (last: InvestorRowsPage): InvestorRowsCursor | undefined => {
      const offset = last.offset + last.rows.length;
      return offset < last.matched && last.rows.length > 0 ? { offset, version: last.version } : undefined;
    },
    queryFn: ({ pageParam, signal, client, queryKey }) => {
      const params = new URLSearchParams(search);
      params.set("offset", String(pageParam.offset));
      params.set("limit", String(pageParam.offset === 0 ? firstPageRows : laterPageRows));
      if (sized.length > 0) params.set("cols", sized.join(","));
      if (pageParam.version !== undefined) params.set("version", String(pageParam.version));
      // Fetching a first page that is already on screen is a refresh: the server fetches the list again.
      else if (client.getQueryData(queryKey) !== undefined) params.set("refresh", "1");
      return fetchJson<InvestorRowsPage>(`/api/funds/${encodeURIComponent(fundId)}/investor-rows?${params}`, signal);
    },
  });
}

export const investorRowsFirstPage = firstPageRows;

export function investorNeighboursQuery(fundId: string, investorId: string, view: InvestorView) {
  const search = investorViewSearch(view);
  const path = `/api/funds/${encodeURIComponent(fundId)}/investors/${encodeURIComponent(investorId)}/neighbours`;
  return queryOptions({
    queryKey: ["funds", fundId, "investor-rows", search, "neighbours", investorId],
    queryFn: ({ signal }) => fetchJson<InvestorNeighbours>(`${path}${search}`, signal),
  });
}

export function investorQuery(fundId: string, investorId: string) {
  return queryOptions({
    queryKey: ["funds", fundId, "investors", investorId],
    queryFn: ({ signal }) =>
      fetchJson<Investor>(
        `/api/funds/${encodeURIComponent(fundId)}/investors/${encodeURIComponent(investorId)}`,
        signal,
      ),
  });
}
