import { countOf } from "@/lib/values/count";
import type { DirectoryProgress, FailedFund } from "@/lib/directory/types";
import { formatCount } from "@/lib/values/format";
import { FailedFundsText } from "@/components/directory/failed-funds-text";

// What the Overview covers, in the directory's words: the funds still being read, and those that could not be.

interface OverviewStatusProps {
  progress: DirectoryProgress;
  complete: boolean;
  failedFunds: FailedFund[];
}

export function OverviewStatus({ progress, complete, failedFunds }: OverviewStatusProps) {
  return (
    <div className="mb-4 space-y-2">
      {complete ? null : (
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          Reading investors: {formatCount(String(progress.read))} of {countOf(progress.total, "fund")}. The totals of
          positions are shown once every fund is read.
        </p>
      )}
      {failedFunds.length > 0 ? (
        <div
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <FailedFundsText failedFunds={failedFunds} />. The totals of positions leave them out.
        </div>
      ) : null}
    </div>
  );
}
