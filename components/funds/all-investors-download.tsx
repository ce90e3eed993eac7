"use client";

import { useCsvDownload } from "@/components/data-table/use-csv-download";

interface AllInvestorsDownloadProps {
  /** Sum of the funds' investor counts: what the progress is measured against. */
  expectedRows: number;
}

/** Every investor of every fund in one CSV, with progress while the server walks the funds. */
export function AllInvestorsDownload({ expectedRows }: AllInvestorsDownloadProps) {
  const { state, download } = useCsvDownload();
  const busy = state.status === "downloading";
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        onClick={() => void download("/api/investors.csv", expectedRows)}
        disabled={busy}
        className="h-9 rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        {busy ? `All investors… ${state.percent ?? 0}%` : "All investors (CSV)"}
      </button>
      {busy ? (
        <progress
          className="w-24"
          max={100}
          value={state.percent ?? undefined}
          aria-label="All investors download progress"
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
