"use client";

import { useState } from "react";
import { fetchJson } from "@/lib/query/fetch-json";

interface Preview {
  subject: string;
  text: string;
  schedule: { hour: number; timeZone: string } | null;
}

/** Today's digest as it would be sent now: the person's follow-ups due first, then the last day's changes. */
export function DigestPreview() {
  const [state, setState] = useState<{ pending: boolean; preview: Preview | null; error: string | null }>({
    pending: false,
    preview: null,
    error: null,
  });

  async function show() {
    setState({ pending: true, preview: null, error: null });
    try {
      setState({ pending: false, preview: await fetchJson<Preview>("/api/alerts/digest"), error: null });
    } catch (error) {
      setState({ pending: false, preview: null, error: (error as Error).message });
    }
  }

  const { preview } = state;
  return (
    <div className="space-y-3">
      <button
        type="button"
        onClick={() => void show()}
        disabled={state.pending}
        className="min-h-9 rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        {state.pending ? "Making the preview…" : preview ? "Preview again" : "Preview today's digest"}
      </button>
      {state.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {state.error}
        </p>
      ) : null}
      {preview ? (
        <figure aria-label="Today's digest" className="space-y-2">
          <figcaption className="text-sm text-zinc-600 dark:text-zinc-400">
            {preview.schedule
              ? `Sent at ${String(preview.schedule.hour).padStart(2, "0")}:00 ${preview.schedule.timeZone}.`
              : "You have no daily digest: subscribe above with “In my daily digest” to have it sent."}
          </figcaption>
          <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded-md border border-zinc-200 bg-zinc-50 p-3 text-sm dark:border-zinc-800 dark:bg-zinc-900">
            {preview.text}
          </pre>
        </figure>
      ) : null}
    </div>
  );
}
