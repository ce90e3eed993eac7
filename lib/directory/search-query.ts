import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { fetchJson } from "../query/fetch-json";
import type { SearchResults } from "./types";

// Apart from the directory's table queries: the header loads on every page and must not pull in their URL parsers.
// While the directory is still being read, an answer is asked again this often: a match may come with the next fund.
const readingRefetchMs = 2_000;

/**
 * The header's search: every keystroke asks (the last answer stays on screen until the next arrives), and an answer
 * given while funds are still being read is asked again until they all are.
 */
export function globalSearchQuery(text: string) {
  return queryOptions({
    queryKey: ["search", text.trim().toLowerCase()],
    queryFn: ({ signal }) => fetchJson<SearchResults>(`/api/search?q=${encodeURIComponent(text.trim())}`, signal),
    enabled: text.trim() !== "",
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    refetchInterval: (query) => (query.state.data?.reading ? readingRefetchMs : false),
  });
}
