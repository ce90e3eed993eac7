"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type FollowUp, type FollowUpState, followUpStateLabels, followUpStates } from "@/lib/notes/types";
import { sendJson } from "@/lib/query/send-json";

const short: Record<FollowUpState, string> = { open: "Open", waiting: "Waiting", done: "Done" };

/** A follow-up's state, changed in one click (its author and its assignee): open, waiting on the investor, done. */
export function FollowUpStateSwitch({
  noteId,
  version,
  followUp,
}: {
  noteId: string;
  version: number;
  followUp: FollowUp;
}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ pending: FollowUpState | null; error: string | null }>({
    pending: null,
    error: null,
  });

  async function choose(next: FollowUpState) {
    if (next === followUp.state) return;
    setState({ pending: next, error: null });
    const { assignee, due } = followUp;
    const sent = await sendJson<{ version: number }>(`/api/notes/${encodeURIComponent(noteId)}`, "PATCH", {
      followUp: { assignee, due, state: next },
      version,
    });
    // A 409 means someone moved it meanwhile: what is shown is refreshed either way.
    await queryClient.invalidateQueries({ queryKey: ["notes"] });
    await queryClient.invalidateQueries({ queryKey: ["outstanding"] });
    setState({ pending: null, error: sent.ok ? null : sent.error });
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <div
        role="group"
        aria-label="Follow-up state"
        className="inline-flex overflow-hidden rounded-md border border-zinc-300 dark:border-zinc-700"
      >
        {followUpStates.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={followUp.state === option}
            title={followUpStateLabels[option]}
            disabled={state.pending !== null}
            onClick={() => void choose(option)}
            className="min-h-8 px-2.5 text-xs font-medium hover:bg-zinc-100 disabled:opacity-60 aria-pressed:bg-blue-700 aria-pressed:text-white dark:hover:bg-zinc-800 dark:aria-pressed:bg-blue-600"
          >
            {state.pending === option ? "Saving…" : short[option]}
          </button>
        ))}
      </div>
      {state.error ? (
        <span role="alert" className="text-sm text-red-700 dark:text-red-300">
          {state.error}
        </span>
      ) : null}
    </div>
  );
}
