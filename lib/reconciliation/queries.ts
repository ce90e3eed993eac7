import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "../query/fetch-json";
import type { ReconciliationSummary } from "./types";

/** Every fund's line on the Funds grid; asked again every 2 s while the organization's lists are still being read. */
export function reconciliationSummariesQuery() {
  return queryOptions({
    queryKey: ["reconciliation"],
    queryFn: ({ signal }) =>
      fetchJson<{ funds: Record<string, ReconciliationSummary>; complete: boolean }>("/api/reconciliation", signal),
    refetchInterval: (query) => (query.state.data?.complete === false ? 2_000 : false),
  });
}
