"use client";

import Link from "next/link";
import { useState } from "react";
import type { SavedView } from "@/lib/views/types";

const small =
  "min-h-7 rounded-md border border-zinc-300 px-2 text-xs font-medium hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800";

/** One saved view: its link, whose it is, default or not; its owner renames and deletes it (an admin a shared one). */
export function ViewRow({
  view,
  onChange,
  onOpen,
}: {
  view: SavedView;
  onChange: (method: "PATCH" | "DELETE", body?: unknown) => Promise<void>;
  /** The view's link was followed: the list closes over the page it opens. */
  onOpen: () => void;
}) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const run = async (method: "PATCH" | "DELETE", body?: unknown) => {
    setBusy(true);
    await onChange(method, body);
    setBusy(false);
  };
  const owner = view.mine ? (view.shared ? "Shared by you" : "Only you") : `Shared by ${view.ownerName ?? view.owner}`;
  return (
    <li className="space-y-1 rounded-md px-1 py-1.5 hover:bg-zinc-50 dark:hover:bg-zinc-800/60">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <Link
          href={view.href}
          prefetch={false}
          onClick={onOpen}
          className="inline-flex min-h-6 items-center font-medium break-all text-blue-700 hover:underline dark:text-blue-300"
        >
          {view.name}
        </Link>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{owner}</span>
        {view.isDefault ? (
          <span className="rounded border border-blue-300 px-1 text-xs text-blue-900 dark:border-blue-700 dark:text-blue-100">
            Your default
          </span>
        ) : null}
      </div>
      {renaming !== null ? (
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void run("PATCH", { name: renaming }).then(() => setRenaming(null));
          }}
        >
          <label className="sr-only" htmlFor={`rename-${view.id}`}>
            New name of {view.name}
          </label>
          <input
            id={`rename-${view.id}`}
            value={renaming}
            maxLength={100}
            onChange={(event) => setRenaming(event.target.value)}
            className="min-h-7 min-w-0 flex-1 rounded-md border border-zinc-300 px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          />
          <button type="submit" disabled={busy} className={small}>
            Rename
          </button>
        </form>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={busy}
          className={small}
          onClick={() => void run("PATCH", { default: !view.isDefault })}
        >
          {view.isDefault ? "No default" : "Make default"}
        </button>
        {view.mine ? (
          <>
            <button type="button" disabled={busy} className={small} onClick={() => setRenaming(renaming ?? view.name)}>
              Rename
            </button>
            <button
              type="button"
              disabled={busy}
              className={small}
              onClick={() => void run("PATCH", { shared: !view.shared })}
            >
              {view.shared ? "Make private" : "Share"}
            </button>
          </>
        ) : null}
        {view.canDelete ? (
          <button
            type="button"
            disabled={busy}
            className={small}
            onClick={() => (confirm ? void run("DELETE") : setConfirm(true))}
          >
            {confirm ? `Delete "${view.name}" for good` : "Delete"}
          </button>
        ) : null}
      </div>
    </li>
  );
}
