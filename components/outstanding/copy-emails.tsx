"use client";

import { useState } from "react";
import { outstandingEmails } from "@/lib/outstanding/queries";
import type { OutstandingView } from "@/lib/outstanding/search-params";
import { countOf } from "@/lib/values/count";

interface CopyEmailsProps {
  view: OutstandingView;
}

/** Copies the distinct contact emails of every position in the view, on one line, for a reminder. */
export function CopyEmails({ view }: CopyEmailsProps) {
  const [said, setSaid] = useState<string | null>(null);

  async function copy() {
    try {
      const emails = await outstandingEmails(view);
      await navigator.clipboard.writeText(emails.join(", "));
      setSaid(`Copied ${countOf(emails.length, "email")}`);
    } catch (error) {
      setSaid(error instanceof Error ? error.message : "Could not copy the emails.");
    }
    setTimeout(() => setSaid(null), 4_000);
  }

  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={() => void copy()}
        className="h-9 whitespace-nowrap rounded-md border max-md:h-11 border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        Copy emails
      </button>
      <span role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
        {said}
      </span>
    </span>
  );
}
