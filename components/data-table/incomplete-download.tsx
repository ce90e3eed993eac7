"use client";

import { namedAndMore } from "@/lib/organization/failed-funds";
import type { FailedFund } from "@/lib/directory/types";
import { countOf } from "@/lib/values/count";

interface IncompleteDownloadProps {
  failedFunds: FailedFund[];
  onRetry: () => void;
  onWithout: () => void;
}

const buttonClass =
  "rounded-md border border-amber-400 px-2.5 py-1 text-sm font-medium hover:bg-amber-100 dark:border-amber-700 dark:hover:bg-amber-900/40";

/** A download refused because funds could not be read: which ones and why, then Retry or the file without them. */
export function IncompleteDownload({ failedFunds, onRetry, onWithout }: IncompleteDownloadProps) {
  const { named, more } = namedAndMore(failedFunds);
  return (
    <div
      role="alert"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="font-medium">
        {countOf(failedFunds.length, "fund")} could not be read, so the file would be short:
      </p>
      <ul className="mt-1 list-disc pl-5">
        {named.map((fund) => (
          <li key={fund.id}>
            {fund.name} ({fund.message})
          </li>
        ))}
        {more > 0 ? <li>and {more.toLocaleString("en-US")} more</li> : null}
      </ul>
      <div className="mt-2 flex gap-2">
        <button type="button" className={buttonClass} onClick={onRetry}>
          Retry
        </button>
        <button type="button" className={buttonClass} onClick={onWithout}>
          Download without them
        </button>
      </div>
    </div>
  );
}
