import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "../query/fetch-json";
import type { Fund, FundGridRow } from "./types";

// One factory per resource: the browser's useQuery and the server's prefetch (with a lib/data queryFn) share the key.

/** The Funds grid's rows (GET /api/fund-rows): slim rows, so the browser holds only what the grid reads. */
export function fundGridQuery() {
  return queryOptions({
    // Its own key: the fund page keeps its full record under ["funds", fundId].
    queryKey: ["fund-grid"],
    queryFn: ({ signal }) => fetchJson<FundGridRow[]>("/api/fund-rows", signal),
  });
}

export function fundQuery(fundId: string) {
  return queryOptions({
    queryKey: ["funds", fundId],
    queryFn: ({ signal }) => fetchJson<Fund>(`/api/funds/${encodeURIComponent(fundId)}`, signal),
  });
}
