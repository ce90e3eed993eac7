"use client";

import { useCsvDownload } from "./use-csv-download";

interface CsvButtonProps {
  url: string;
  label: string;
}

/** A one-click CSV download through fetch: a refusal shows its message instead of saving an error as a file. */
export function CsvButton({ url, label }: CsvButtonProps) {
  const { state, download } = useCsvDownload();
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={() => void download(url)}
        disabled={state.status === "downloading"}
        className="font-medium text-blue-700 hover:underline disabled:opacity-60 dark:text-blue-300"
      >
        {state.status === "downloading" ? "Preparing…" : label}
      </button>
      {state.status === "error" || state.status === "incomplete" ? (
        <span role="alert" className="text-red-700 dark:text-red-300">
          {state.message}
        </span>
      ) : null}
    </span>
  );
}
