"use client";

import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import type { Note } from "@/lib/notes/types";
import { sendJson } from "@/lib/query/send-json";
import { type FollowUpDraft, FollowUpFields } from "./follow-up-fields";
import { NoteText } from "./note-text";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const button = "min-h-9 rounded-md px-3 text-sm font-medium disabled:opacity-60";

/**
 * Its author edits a note, on the version they opened: when someone saved meanwhile (409) the newer text is shown
 * beside theirs, which stays in the box, and the next Save is made on the newer version.
 */
export function NoteEdit({ note, onDone }: { note: Note; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState(note.text);
  const [asking, setAsking] = useState(note.followUp !== null);
  const [followUp, setFollowUp] = useState<FollowUpDraft>(
    note.followUp ?? { assignee: "", due: inDays(3), state: "open" },
  );
  const [version, setVersion] = useState(note.version);
  const [newer, setNewer] = useState<Note | null>(null);
  const [state, setState] = useState<{ pending: boolean; error: string | null }>({ pending: false, error: null });

  async function save(event: FormEvent) {
    event.preventDefault();
    setState({ pending: true, error: null });
    const { assignee, due, state: step } = followUp;
    const sent = await sendJson<{ version: number }>(`/api/notes/${encodeURIComponent(note.id)}`, "PATCH", {
      text,
      followUp: asking ? { assignee, due, state: step } : null,
      version,
    });
    if (sent.ok) {
      await queryClient.invalidateQueries({ queryKey: ["notes"] });
      await queryClient.invalidateQueries({ queryKey: ["outstanding"] });
      return onDone();
    }
    const current = sent.status === 409 ? ((sent.body?.note as Note | null | undefined) ?? null) : null;
    if (current) {
      setNewer(current);
      setVersion(current.version);
    }
    setState({ pending: false, error: sent.error });
  }

  return (
    <form aria-label="Edit note" onSubmit={(event) => void save(event)} className="space-y-3">
      {newer ? (
        <div
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm dark:border-amber-800 dark:bg-amber-950"
        >
          <p className="font-medium">The newer text, saved by {newer.authorName ?? newer.author}:</p>
          <NoteText text={newer.text} />
          <p className="mt-1 text-zinc-700 dark:text-zinc-300">Your text is still below: Save again to replace it.</p>
        </div>
      ) : null}
      <label htmlFor={`${id}-text`} className="sr-only">
        Note text
      </label>
      <textarea
        id={`${id}-text`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={3}
        required
        className="block w-full rounded-md border border-zinc-300 bg-white p-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      />
      <label className="flex min-h-6 items-center gap-2 text-sm">
        <input type="checkbox" checked={asking} onChange={(event) => setAsking(event.target.checked)} />
        Follow-up
      </label>
      {asking ? <FollowUpFields fundId={note.fundId} value={followUp} onChange={setFollowUp} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={state.pending} className={`${button} bg-blue-700 text-white hover:bg-blue-800`}>
          {state.pending ? "Saving…" : "Save"}
        </button>
        <button
          type="button"
          onClick={onDone}
          className={`${button} border border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800`}
        >
          Cancel
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
