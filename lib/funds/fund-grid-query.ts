import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "../api-client";
import type { Fund } from "../customer-api/schemas";
import { fundGridRow, type FundGridRow } from "./fund-columns";

/** The Funds grid's rows: slim rows, so the page's HTML and the browser's cache hold only what the grid reads. */
export function fundGridQuery() {
  return queryOptions({
    // Its own key: the fund page keeps its full record under ["funds", fundId].
    queryKey: ["fund-grid"],
    queryFn: async ({ signal }): Promise<FundGridRow[]> =>
      (await fetchJson<Fund[]>("/api/funds", signal)).map(fundGridRow),
  });
}
