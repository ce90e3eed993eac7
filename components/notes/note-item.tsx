"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Note } from "@/lib/notes/types";
import { sendJson } from "@/lib/query/send-json";
import { formatTimestampTitle, utcDay } from "@/lib/values/format";
import { FollowUpBadge } from "./follow-up-badge";
import { FollowUpStateSwitch } from "./follow-up-state";
import { NoteEdit } from "./note-edit";
import { NoteText } from "./note-text";

const small =
  "min-h-8 rounded-md border border-zinc-300 px-2 text-xs font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800";

function When({ at, label }: { at: string; label?: string }) {
  return (
    <time dateTime={at} title={formatTimestampTitle(at)}>
      {label}
      {utcDay(new Date(at))}, {at.slice(11, 16)} UTC
    </time>
  );
}

/** One note: who wrote it and when, its text (and what it said before each edit), its follow-up. */
export function NoteItem({ note, today, about }: { note: Note; today: string; about?: string }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<"ask" | "pending" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    if (deleting !== "ask") return setDeleting("ask");
    setDeleting("pending");
    const sent = await sendJson<null>(`/api/notes/${encodeURIComponent(note.id)}`, "DELETE");
    setDeleting(null);
    if (!sent.ok) return setError(sent.error);
    await queryClient.invalidateQueries({ queryKey: ["notes"] });
    await queryClient.invalidateQueries({ queryKey: ["outstanding"] });
  }

  return (
    <li className="space-y-2 border-b border-zinc-200 py-3 last:border-b-0 dark:border-zinc-800">
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm text-zinc-600 dark:text-zinc-400">
        <span className="font-medium text-zinc-900 dark:text-zinc-100">{note.authorName ?? note.author}</span>
        <When at={note.at} />
        {about ? <span>· {about}</span> : null}
      </p>
      {editing ? (
        <NoteEdit note={note} onDone={() => setEditing(false)} />
      ) : (
        <NoteText text={note.text} className="text-sm" />
      )}
      {note.editedAt && !editing ? (
        <details className="text-xs text-zinc-600 dark:text-zinc-400">
          <summary className="min-h-6 cursor-pointer">
            Edited <When at={note.editedAt} />
          </summary>
          <ol className="mt-1 space-y-1 border-l-2 border-zinc-200 pl-2 dark:border-zinc-700">
            {note.earlier.map((earlier) => (
              <li key={earlier.at}>
                <When at={earlier.at} label="Before, written " />
                <NoteText text={earlier.text} />
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {note.followUp ? (
        <div className="flex flex-wrap items-center gap-3">
          <FollowUpBadge followUp={note.followUp} today={today} />
          {note.canTrack && !editing ? (
            <FollowUpStateSwitch noteId={note.id} version={note.version} followUp={note.followUp} />
          ) : null}
        </div>
      ) : null}
      {note.mine && !editing ? (
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className={small} onClick={() => setEditing(true)}>
            Edit
          </button>
          <button type="button" className={small} disabled={deleting === "pending"} onClick={() => void remove()}>
            {deleting === "ask" ? "Delete for good" : deleting === "pending" ? "Deleting…" : "Delete"}
          </button>
          {error ? (
            <span role="alert" className="text-sm text-red-700 dark:text-red-300">
              {error}
            </span>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
