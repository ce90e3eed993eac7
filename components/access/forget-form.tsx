"use client";

import { type FormEvent, useState } from "react";
import { countOf } from "@/lib/values/count";

type State = { phase: "idle" | "confirm" | "pending"; message: string | null; failed: boolean };

/**
 * Forgets a person's kept positions and the notes about them (POST /api/access/forget), after a second press that says
 * what it will do.
 */
export function ForgetForm() {
  const [email, setEmail] = useState("");
  const [state, setState] = useState<State>({ phase: "idle", message: null, failed: false });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state.phase !== "confirm") return setState({ phase: "confirm", message: null, failed: false });
    setState({ phase: "pending", message: null, failed: false });
    const response = await fetch("/api/access/forget", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    }).catch(() => null);
    const body = (await response?.json().catch(() => null)) as {
      removed?: number;
      notes?: number;
      error?: string;
    } | null;
    if (response?.ok && typeof body?.removed === "number") {
      const notes = countOf(body.notes ?? 0, "note");
      const message = `Forgotten: ${countOf(body.removed, "kept position")} and ${notes} about them removed.`;
      setState({ phase: "idle", message, failed: false });
    } else
      setState({
        phase: "idle",
        message: body?.error ?? "The person could not be forgotten. Try again.",
        failed: true,
      });
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-3 text-sm">
      <label className="flex flex-col gap-1">
        <span className="font-medium">Email of the person to forget</span>
        <input
          type="email"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setState({ phase: "idle", message: null, failed: false });
          }}
          className="min-h-9 w-72 rounded-md border border-zinc-300 px-2 dark:border-zinc-700 dark:bg-zinc-900"
        />
      </label>
      <button
        type="submit"
        disabled={state.phase === "pending" || email === ""}
        className="min-h-9 rounded-md border border-red-300 px-3 font-medium text-red-800 hover:bg-red-50 disabled:opacity-60 dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950"
      >
        {state.phase === "confirm" ? `Forget ${email} for good` : state.phase === "pending" ? "Forgetting…" : "Forget"}
      </button>
      {state.message ? (
        <p
          role="status"
          className={state.failed ? "text-red-700 dark:text-red-300" : "text-zinc-600 dark:text-zinc-400"}
        >
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
