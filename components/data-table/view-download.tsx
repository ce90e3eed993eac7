"use client";

import { lazy, Suspense, useState } from "react";
import { type FileFormat, useCsvDownload } from "./use-csv-download";

// Shown only when a download names funds it could not read: its code loads then.
const IncompleteDownload = lazy(() =>
  import("./incomplete-download").then((module) => ({ default: module.IncompleteDownload })),
);

interface ViewDownloadProps {
  /** The view's CSV. */
  url: string;
  /** The same file without the funds that could not be read. */
  partialUrl: string;
  label?: string;
  /** What the button says while the server prepares the file. */
  busyLabel?: string;
  /** Waited for before the file is asked for (every fund read), saying how far it has come on the button. */
  prepare?: (say: (label: string) => void) => Promise<void>;
}

const buttonClass =
  "whitespace-nowrap h-9 max-md:h-11 rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800";

/**
 * A cross-fund view as CSV or Excel (.xlsx); when funds are missing the answer names them and offers Retry or the
 * file (in the format asked) without them.
 */
export function ViewDownload({
  url,
  partialUrl,
  label = "Download CSV",
  busyLabel = "Preparing…",
  prepare,
}: ViewDownloadProps) {
  const { state, downloadAs: download, asked, busy: downloading } = useCsvDownload();
  // While `prepare` runs: the format asked and how far it has come.
  const [preparing, setPreparing] = useState<{ format: FileFormat; label: string } | null>(null);
  const busy = downloading || preparing !== null;
  async function downloadAs(file: string, format?: FileFormat) {
    if (prepare) {
      const asking = format ?? asked;
      setPreparing({ format: asking, label: busyLabel });
      await prepare((label) => setPreparing({ format: asking, label })).catch(() => undefined);
      setPreparing(null);
    }
    return download(file, format);
  }
  const labelOf = (format: FileFormat, idle: string) =>
    preparing?.format === format ? preparing.label : downloading && asked === format ? busyLabel : idle;
  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex gap-2">
        <button type="button" onClick={() => void downloadAs(url, "csv")} disabled={busy} className={buttonClass}>
          {labelOf("csv", label)}
        </button>
        <button type="button" onClick={() => void downloadAs(url, "xlsx")} disabled={busy} className={buttonClass}>
          {labelOf("xlsx", "Excel (.xlsx)")}
        </button>
      </div>
      {state.status === "incomplete" ? (
        <Suspense fallback={<p role="status">{state.message}</p>}>
          <IncompleteDownload
            failedFunds={state.failedFunds}
            onRetry={() => void downloadAs(url)}
            onWithout={() => void downloadAs(partialUrl)}
          />
        </Suspense>
      ) : null}
      {state.status === "error" ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
