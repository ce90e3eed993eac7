import { queryOptions } from "@tanstack/react-query";
import type { Fund } from "./types";
import { fetchJson } from "../query/fetch-json";
import { fundGridRow } from "./columns";
import type { FundGridRow } from "./types";

// One factory per resource: the browser's useQuery and the server's prefetch (with a lib/data queryFn) share the key.

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
