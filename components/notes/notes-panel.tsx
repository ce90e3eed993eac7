"use client";

import { useQuery } from "@tanstack/react-query";
import { type NotesAbout, notesQuery } from "@/lib/notes/queries";
import { notesFileUrl } from "@/lib/notes/search-params";
import { NoteForm } from "./note-form";
import { NoteItem } from "./note-item";

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The notes about a record, newest first, and (for ops and admins) a new one; about a directory person, the notes of
 * each of their positions the reader may see, each naming its fund.
 */
export function NotesPanel({ about, title = "Notes" }: { about: NotesAbout; title?: string }) {
  const { data, error, isPending } = useQuery(notesQuery(about));
  const fund = "fundId" in about ? about : null;
  const heading = `notes-${"fundId" in about ? `${about.fundId}-${about.investorId ?? "fund"}` : about.investorKey}`;
  return (
    <section
      aria-labelledby={heading}
      className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/40"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={heading} className="text-base font-semibold">
          {title}
        </h2>
        {fund && !fund.investorId ? (
          <a
            href={notesFileUrl(fund.fundId)}
            className="inline-flex min-h-6 items-center text-sm text-blue-700 hover:underline dark:text-blue-300"
          >
            Every note of this fund (CSV)
          </a>
        ) : null}
      </div>
      {fund && data?.canWrite ? <NoteForm fundId={fund.fundId} investorId={fund.investorId} /> : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error.message}
        </p>
      ) : isPending ? (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          Loading the notes…
        </p>
      ) : data.notes.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">No notes yet.</p>
      ) : (
        <ol aria-label={title} className="mt-2">
          {data.notes.map((note) => (
            <NoteItem key={note.id} note={note} today={today()} about={note.fundName} />
          ))}
        </ol>
      )}
    </section>
  );
}
