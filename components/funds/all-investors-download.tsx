"use client";

import { IncompleteDownload } from "@/components/data-table/incomplete-download";
import { useCsvDownload } from "@/components/data-table/use-csv-download";
import { investorsCsvUrl } from "@/lib/directory/search-params";

/** Every investor of every fund in one CSV; if funds cannot be read, it says which and offers the file without them. */
export function AllInvestorsDownload() {
  const { state, download } = useCsvDownload();
  const busy = state.status === "downloading";
  return (
    <div className="flex flex-col items-end gap-2">
      <button
        type="button"
        onClick={() => void download(investorsCsvUrl({}))}
        disabled={busy}
        className="h-9 rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        {busy ? "All investors: reading every fund…" : "All investors (CSV)"}
      </button>
      {state.status === "incomplete" ? (
        <IncompleteDownload
          failedFunds={state.failedFunds}
          onRetry={() => void download(investorsCsvUrl({}))}
          onWithout={() => void download(investorsCsvUrl({ partial: true }))}
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
