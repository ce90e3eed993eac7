import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { fetchJson } from "../query/fetch-json";
import type { SearchResults } from "./types";

// Apart from the directory's table queries: the header loads on every page and must not pull in their URL parsers.
/** The header's search: every keystroke asks (the last answer stays on screen until the next arrives). */
export function globalSearchQuery(text: string) {
  return queryOptions({
    queryKey: ["search", text.trim().toLowerCase()],
    queryFn: ({ signal }) => fetchJson<SearchResults>(`/api/search?q=${encodeURIComponent(text.trim())}`, signal),
    enabled: text.trim() !== "",
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
