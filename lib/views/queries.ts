import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "../query/fetch-json";
import { viewsUrl } from "./search-params";
import type { ViewsList } from "./types";

/** The views of a page the person may open there (GET /api/views?page=). */
export function viewsQuery(page: string) {
  const url = viewsUrl(page);
  return queryOptions({
    queryKey: ["views", page],
    queryFn: ({ signal }) => fetchJson<ViewsList>(url, signal),
  });
}
