"use client";

import { IncompleteDownload } from "@/components/data-table/incomplete-download";
import { useCsvDownload } from "@/components/data-table/use-csv-download";
import { type DirectoryView, investorsCsvUrl } from "@/lib/directory/search-params";

interface DirectoryDownloadProps {
  view: DirectoryView;
}

/** The directory's view as CSV (one row per investor); a directory missing funds names them and offers the rest. */
export function DirectoryDownload({ view }: DirectoryDownloadProps) {
  const { state, download } = useCsvDownload();
  return (
    <div className="flex flex-col items-end gap-2">
      <button
        type="button"
        onClick={() => void download(investorsCsvUrl({ view }))}
        disabled={state.status === "downloading"}
        className="h-9 rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        {state.status === "downloading" ? "Preparing…" : "Download CSV"}
      </button>
      {state.status === "incomplete" ? (
        <IncompleteDownload
          failedFunds={state.failedFunds}
          onRetry={() => void download(investorsCsvUrl({ view }))}
          onWithout={() => void download(investorsCsvUrl({ view, partial: true }))}
        />
      ) : null}
      {state.status === "error" ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
