import { infiniteQueryOptions } from "@tanstack/react-query";
import { fetchJson } from "../query/fetch-json";
import { nextPageCursor, type PageCursor, pageParams } from "../query/paged";
import { type AuditView, auditViewSearch } from "./search-params";
import type { AuditPage } from "./types";

export const auditFirstPage = 100;

/** The audit trail's rows in the view, newest first, a page at a time (later pages from the rows the first saw). */
export function auditRowsQuery(view: AuditView) {
  const search = auditViewSearch(view);
  return infiniteQueryOptions({
    queryKey: ["audit", search],
    initialPageParam: { offset: 0 } as PageCursor,
    getNextPageParam: (last: AuditPage) => nextPageCursor(last),
    queryFn: ({ pageParam, signal }) => {
      const params = pageParams(search, pageParam, auditFirstPage);
      return fetchJson<AuditPage>(`/api/audit?${params}`, signal);
    },
  });
}

/** The view's rows as a file: every page, newest first. */
export function auditCsvUrl(view: AuditView): string {
  return `/api/audit.csv${auditViewSearch(view)}`;
}
