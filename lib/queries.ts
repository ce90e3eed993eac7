import { queryOptions } from "@tanstack/react-query";
import type { Fund, Investor } from "./customer-api/schemas";
import { fetchJson } from "./api-client";

// One factory per resource: the client's useQuery and the server's prefetch (with a lib/ queryFn) share the key.
export function fundsQuery() {
  return queryOptions({
    queryKey: ["funds"],
    queryFn: ({ signal }) => fetchJson<Fund[]>("/api/funds", signal),
  });
}

export function fundQuery(fundId: string) {
  return queryOptions({
    queryKey: ["funds", fundId],
    queryFn: ({ signal }) => fetchJson<Fund>(`/api/funds/${encodeURIComponent(fundId)}`, signal),
  });
}

export function fundInvestorsQuery(fundId: string) {
  return queryOptions({
    queryKey: ["funds", fundId, "investors"],
    queryFn: ({ signal }) =>
      fetchJson<Investor[]>(`/api/funds/${encodeURIComponent(fundId)}/investors`, signal),
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
