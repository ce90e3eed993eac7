"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { sendJson } from "@/lib/query/send-json";
import { viewsQuery } from "@/lib/views/queries";
import { SaveViewForm } from "./save-view-form";
import { ViewRow } from "./view-row";

/**
 * "Views" of a table page: the person's own and the shared ones (each a link to the page with its query string, its
 * owner named), which may be made their default; and "Save view" of the page as it is now.
 */
export function SavedViews({ page }: { page: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const { data, error } = useQuery({ ...viewsQuery(page), enabled: open });
  const [message, setMessage] = useState<string | null>(null);

  async function change(viewId: string, method: "PATCH" | "DELETE", body?: unknown) {
    setMessage(null);
    const sent = await sendJson<unknown>(`/api/views/${encodeURIComponent(viewId)}`, method, body);
    if (!sent.ok) setMessage(sent.error);
    await queryClient.invalidateQueries({ queryKey: ["views", page] });
  }

  return (
    <div className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
        className="inline-flex min-h-9 items-center rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        Views
      </button>
      {open ? (
        <div
          id={`${id}-panel`}
          role="region"
          aria-label="Saved views"
          className="absolute right-0 z-30 mt-1 w-96 space-y-3 rounded-md border border-zinc-200 bg-white p-3 text-sm shadow-lg max-md:fixed max-md:inset-x-4 max-md:w-auto dark:border-zinc-700 dark:bg-zinc-900"
        >
          {error ? (
            <p role="alert" className="text-red-700 dark:text-red-300">
              {error.message}
            </p>
          ) : !data ? (
            <p role="status">Loading the views…</p>
          ) : data.views.length === 0 ? (
            <p className="text-zinc-600 dark:text-zinc-400">No saved views of this page yet.</p>
          ) : (
            <ul aria-label="Views of this page" className="max-h-72 space-y-1 overflow-y-auto">
              {data.views.map((view) => (
                <ViewRow
                  key={view.id}
                  view={view}
                  onChange={(method, body) => change(view.id, method, body)}
                  onOpen={() => setOpen(false)}
                />
              ))}
            </ul>
          )}
          {message ? (
            <p role="alert" className="text-red-700 dark:text-red-300">
              {message}
            </p>
          ) : null}
          {data?.canSave ? <SaveViewForm page={page} /> : null}
        </div>
      ) : null}
    </div>
  );
}
