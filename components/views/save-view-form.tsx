"use client";

import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { sendJson } from "@/lib/query/send-json";
import { maxViewNameCharacters } from "@/lib/views/types";

/** "Save view": the page as it is now (its query string), with a name, private or shared. */
export function SaveViewForm({ page }: { page: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [shared, setShared] = useState(false);
  const [state, setState] = useState<{ pending: boolean; error: string | null; saved: string | null }>({
    pending: false,
    error: null,
    saved: null,
  });

  async function save(event: FormEvent) {
    event.preventDefault();
    setState({ pending: true, error: null, saved: null });
    // The URL is the view: whatever the table shows now is in the address bar.
    const sent = await sendJson<{ id: string }>("/api/views", "POST", {
      page,
      name,
      query: window.location.search,
      shared,
    });
    if (!sent.ok) return setState({ pending: false, error: sent.error, saved: null });
    setState({ pending: false, error: null, saved: `Saved "${name.trim()}".` });
    setName("");
    await queryClient.invalidateQueries({ queryKey: ["views", page] });
  }

  return (
    <form
      aria-label="Save view"
      onSubmit={(event) => void save(event)}
      className="space-y-2 border-t border-zinc-200 pt-3 dark:border-zinc-700"
    >
      <label htmlFor={`${id}-name`} className="block font-medium">
        Save this view as
      </label>
      <input
        id={`${id}-name`}
        value={name}
        required
        maxLength={maxViewNameCharacters}
        onChange={(event) => setName(event.target.value)}
        className="min-h-9 w-full rounded-md border border-zinc-300 px-2 dark:border-zinc-700 dark:bg-zinc-900"
      />
      <label className="flex min-h-6 items-center gap-2">
        <input type="checkbox" checked={shared} onChange={(event) => setShared(event.target.checked)} />
        Shared with everyone who may open this page
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={state.pending || name.trim() === ""}
          className="min-h-9 rounded-md bg-blue-700 px-3 font-medium text-white hover:bg-blue-800 disabled:opacity-60"
        >
          {state.pending ? "Saving…" : "Save view"}
        </button>
        {state.error ? (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {state.error}
          </p>
        ) : state.saved ? (
          <p role="status">{state.saved}</p>
        ) : null}
      </div>
    </form>
  );
}
