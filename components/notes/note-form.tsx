"use client";

import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { maxNoteCharacters } from "@/lib/notes/types";
import { sendJson } from "@/lib/query/send-json";
import { type FollowUpDraft, FollowUpFields } from "./follow-up-fields";

const count = new Intl.NumberFormat("en-US");
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const button =
  "min-h-9 rounded-md bg-blue-700 px-3 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-60";

/** A new note about the record (POST /api/notes), with a follow-up when asked. */
export function NoteForm({ fundId, investorId }: { fundId: string; investorId?: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [asking, setAsking] = useState(false);
  const [followUp, setFollowUp] = useState<FollowUpDraft>({ assignee: "", due: inDays(3), state: "open" });
  const [state, setState] = useState<{ pending: boolean; error: string | null }>({ pending: false, error: null });
  const length = Array.from(text).length;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState({ pending: true, error: null });
    const sent = await sendJson<{ id: string }>("/api/notes", "POST", {
      fundId,
      ...(investorId ? { investorId } : {}),
      text,
      ...(asking ? { followUp } : {}),
    });
    if (!sent.ok) return setState({ pending: false, error: sent.error });
    setText("");
    setAsking(false);
    setState({ pending: false, error: null });
    await queryClient.invalidateQueries({ queryKey: ["notes"] });
    await queryClient.invalidateQueries({ queryKey: ["outstanding"] });
  }

  return (
    <form aria-label="New note" onSubmit={(event) => void submit(event)} className="space-y-3">
      <label htmlFor={`${id}-text`} className="block text-sm font-medium">
        New note
      </label>
      <textarea
        id={`${id}-text`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={3}
        required
        aria-describedby={`${id}-count`}
        className="block w-full rounded-md border border-zinc-300 bg-white p-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      />
      <p
        id={`${id}-count`}
        className={`text-xs ${length > maxNoteCharacters ? "text-red-700 dark:text-red-300" : "text-zinc-600 dark:text-zinc-400"}`}
      >
        {count.format(length)} of {count.format(maxNoteCharacters)} characters; links become clickable, nothing else is
        formatted.
      </p>
      <label className="flex min-h-6 items-center gap-2 text-sm">
        <input type="checkbox" checked={asking} onChange={(event) => setAsking(event.target.checked)} />
        Add a follow-up
      </label>
      {asking ? <FollowUpFields fundId={fundId} value={followUp} onChange={setFollowUp} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={state.pending || text.trim() === ""} className={button}>
          {state.pending ? "Saving…" : "Save note"}
        </button>
        {state.error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {state.error}
          </p>
        ) : null}
      </div>
    </form>
  );
}
