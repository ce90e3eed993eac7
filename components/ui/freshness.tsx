"use client";

import { formatDistanceStrict } from "date-fns";
import { useSyncExternalStore } from "react";

interface FreshnessProps {
  /** When the data on screen was fetched (ms since epoch). */
  updatedAt: number;
  onRefresh: () => void;
  refreshing: boolean;
}

function subscribe(onTick: () => void) {
  const timer = setInterval(onTick, 15_000);
  return () => clearInterval(timer);
}

/** "Updated 2 minutes ago" with a Refresh button: the figures change as investor data changes upstream. */
export function Freshness({ updatedAt, onRefresh, refreshing }: FreshnessProps) {
  // The server and the first client render agree on "just now"; the clock takes over after hydration.
  const now = useSyncExternalStore(
    subscribe,
    () => Math.floor(Date.now() / 15_000) * 15_000,
    () => updatedAt,
  );
  const age = now - updatedAt < 30_000 ? "just now" : formatDistanceStrict(updatedAt, now, { addSuffix: true });
  return (
    <div className="flex items-center gap-3 text-sm text-zinc-600 dark:text-zinc-400">
      <span title={new Date(updatedAt).toISOString()} aria-live="polite">
        {refreshing ? "Refreshing…" : `Updated ${age}`}
      </span>
      <button
        type="button"
        onClick={onRefresh}
        disabled={refreshing}
        className="rounded-md border border-zinc-300 px-3 py-1.5 font-medium text-zinc-800 hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-800"
      >
        Refresh
      </button>
    </div>
  );
}
