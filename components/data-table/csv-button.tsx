"use client";

import { useCsvDownload } from "./use-csv-download";

interface CsvButtonProps {
  url: string;
  label: string;
}

const linkClass = "min-h-6 font-medium text-blue-700 hover:underline disabled:opacity-60 dark:text-blue-300";

/**
 * A one-click CSV download, and "Excel (.xlsx)" beside it, through fetch: a refusal shows its message instead of
 * saving an error as a file.
 */
export function CsvButton({ url, label }: CsvButtonProps) {
  const { state, downloadAs, asked, busy } = useCsvDownload();
  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" onClick={() => void downloadAs(url, "csv")} disabled={busy} className={linkClass}>
        {busy && asked === "csv" ? "Preparing…" : label}
      </button>
      <button type="button" onClick={() => void downloadAs(url, "xlsx")} disabled={busy} className={linkClass}>
        {busy && asked === "xlsx" ? "Preparing…" : "Excel (.xlsx)"}
      </button>
      {state.status === "error" || state.status === "incomplete" ? (
        <span role="alert" className="text-red-700 dark:text-red-300">
          {state.message}
        </span>
      ) : null}
    </span>
  );
}
