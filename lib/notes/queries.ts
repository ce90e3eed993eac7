import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "../query/fetch-json";
import { notesUrl } from "./search-params";
import type { Assignees, FollowUpItem, NotesList } from "./types";

/** Whose notes: a fund's own, an investor's in a fund, or a directory person's (by key). */
export type NotesAbout = { fundId: string; investorId?: string } | { investorKey: string };

/** The notes about a record, newest first (GET /api/notes). */
export function notesQuery(about: NotesAbout) {
  const url = notesUrl(about);
  return queryOptions({
    queryKey: ["notes", url],
    queryFn: ({ signal }) => fetchJson<NotesList>(url, signal),
  });
}

/** The person's follow-ups, overdue first (GET /api/follow-ups). */
export function followUpsQuery() {
  return queryOptions({
    queryKey: ["notes", "follow-ups"],
    queryFn: ({ signal }) => fetchJson<{ followUps: FollowUpItem[] }>("/api/follow-ups", signal),
  });
}

/** Who a follow-up about a fund may be assigned to, asked once the form asks for a follow-up. */
export function assigneesQuery(fundId: string) {
  const url = `/api/notes/assignees?fundId=${encodeURIComponent(fundId)}`;
  return queryOptions({
    queryKey: ["notes", "assignees", fundId],
    queryFn: ({ signal }) => fetchJson<Assignees>(url, signal),
    staleTime: 60_000,
  });
}
