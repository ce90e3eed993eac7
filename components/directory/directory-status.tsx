"use client";

import type { DirectoryProgress, FailedFund } from "@/lib/directory/types";
import { FailedFundsText } from "./failed-funds-text";
import { countOf } from "@/lib/values/count";

interface DirectoryStatusProps {
  progress: DirectoryProgress;
  complete: boolean;
  /** The oldest kept read still served while the live reads run (ISO), or null. */
  kept: string | null;
  /** The first of the funds that could not be read, and how many there are in all. */
  failedFunds: FailedFund[];
  failedCount: number;
  onRetry: () => void;
  retrying: boolean;
}

const count = new Intl.NumberFormat("en-US");
// The same text on the server and in the browser, so hydration agrees; made on first use (costly on a phone's first run).
let clock: Intl.DateTimeFormat | undefined;
const keptTime = (iso: string) =>
  `${(clock ??= new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
  })).format(new Date(iso))} UTC`;

/** What the directory covers: the funds still being read, and the ones that could not be, each named, with Retry. */
export function DirectoryStatus(props: DirectoryStatusProps) {
  const { progress, complete, kept, failedFunds, failedCount, onRetry, retrying } = props;
  return (
    <div className="mb-3 space-y-2">
      {complete && kept ? (
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          As of <time dateTime={kept}>{keptTime(kept)}</time> (kept reads) · refreshing…
        </p>
      ) : null}
      {complete ? null : (
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          Reading investors: {count.format(progress.read)} of {countOf(progress.total, "fund")}. The list below is
          incomplete until every fund is read.
        </p>
      )}
      {failedCount > 0 ? (
        <div
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <FailedFundsText failedFunds={failedFunds} total={failedCount} />
          {" · "}
          <button
            type="button"
            onClick={onRetry}
            disabled={retrying}
            className="min-h-6 font-medium underline disabled:opacity-60"
          >
            {retrying ? "Retrying…" : "Retry"}
          </button>
        </div>
      ) : null}
    </div>
  );
}
