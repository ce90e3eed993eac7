"use client";

import { useState } from "react";
import { revealSecret } from "@/lib/query/fetch-json";
import { EMPTY } from "@/lib/values/format";

interface SecretValueProps {
  /** The masked value the page was rendered with (`•••••9101`), or null when there is none. */
  masked: string | null | undefined;
  /** What is being revealed, for the button's accessible name ("tax id"). */
  name: string;
  /** The record's sensitive route (`/api/funds/{id}/sensitive`): the full value is asked of it only on Reveal. */
  path: string;
  field: "tax_id" | "account_number";
}

/**
 * A masked value with Reveal/Hide: the full value is fetched on demand and never rendered into the page. Its props
 * are plain values, so a server-rendered panel can hold it.
 */
export function SecretValue({ masked, name, path, field }: SecretValueProps) {
  const [full, setFull] = useState<string | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "error">("idle");
  if (!masked) return <span>{EMPTY}</span>;

  async function onReveal() {
    setState("loading");
    try {
      setFull((await revealSecret(path, field)) ?? EMPTY);
      setState("idle");
    } catch {
      setState("error");
    }
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="font-mono">{full ?? masked}</span>
      <button
        type="button"
        onClick={() => (full === null ? void onReveal() : setFull(null))}
        disabled={state === "loading"}
        aria-label={`${full === null ? "Reveal" : "Hide"} ${name}`}
        className="min-h-6 rounded border border-zinc-300 px-1.5 py-0.5 text-xs font-medium text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800"
      >
        {state === "loading" ? "Revealing…" : full === null ? "Reveal" : "Hide"}
      </button>
      {state === "error" ? (
        <span className="text-xs text-red-700 dark:text-red-300">Could not reveal. Try again.</span>
      ) : null}
    </span>
  );
}
