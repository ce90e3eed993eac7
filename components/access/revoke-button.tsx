"use client";

import { useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";

interface RevokeButtonProps {
  email: string;
}

/** Ends every session of one person (POST /api/access/revoke) and says how that went. */
export function RevokeButton({ email }: RevokeButtonProps) {
  const [state, setState] = useState<{ pending: boolean; message: string | null; failed: boolean }>({
    pending: false,
    message: null,
    failed: false,
  });
  // A click before the page hydrates would do nothing: the button waits for it.
  const hydrated = useHydrated();

  async function revoke() {
    setState({ pending: true, message: null, failed: false });
    const response = await fetch("/api/access/revoke", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    }).catch(() => null);
    const body = (await response?.json().catch(() => null)) as { error?: string } | null;
    if (response?.ok) setState({ pending: false, message: "Sessions ended", failed: false });
    else setState({ pending: false, message: body?.error ?? "Could not end the sessions. Try again.", failed: true });
  }

  return (
    <span className="flex items-center gap-2">
      <button
        type="button"
        disabled={state.pending || !hydrated}
        onClick={() => void revoke()}
        aria-label={`Revoke sessions of ${email}`}
        className="min-h-6 rounded-md border border-zinc-300 px-2 py-0.5 text-xs font-medium hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        {state.pending ? "Revoking…" : "Revoke sessions"}
      </button>
      {state.message ? (
        <span
          role="status"
          className={state.failed ? "text-red-700 dark:text-red-300" : "text-zinc-600 dark:text-zinc-400"}
        >
          {state.message}
        </span>
      ) : null}
    </span>
  );
}
