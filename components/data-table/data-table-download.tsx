"use client";

import { useId, useState } from "react";
import { useCsvDownload } from "./use-csv-download";

export interface CsvOptions {
  all: boolean;
  sensitive: boolean;
  bom: boolean;
}

interface DataTableDownloadProps {
  /** The CSV route's URL for these options; the view's sort, search and filters are the caller's. */
  href: (options: CsvOptions) => string;
  viewCount: number;
  totalCount: number;
  /** "funds", "investors" */
  noun: string;
}

const count = new Intl.NumberFormat("en-US");

/** "Download CSV": the rows of this view or all of them, masked unless asked, optionally for Excel. */
export function DataTableDownload({ href, viewCount, totalCount, noun }: DataTableDownloadProps) {
  const id = useId();
  const [options, setOptions] = useState<CsvOptions>({ all: false, sensitive: false, bom: false });
  const { state, download } = useCsvDownload();
  const set = (patch: Partial<CsvOptions>) => setOptions((current) => ({ ...current, ...patch }));
  return (
    <details className="relative">
      <summary className="flex h-9 cursor-pointer list-none items-center rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800">
        Download CSV
      </summary>
      <div className="absolute right-0 z-30 mt-1 w-80 space-y-2 rounded-md border border-zinc-200 bg-white p-3 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
        <fieldset className="space-y-1">
          <legend className="mb-1 font-medium">Rows</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name={`${id}-rows`} checked={!options.all} onChange={() => set({ all: false })} />
            This view: {count.format(viewCount)} {noun}, in its order
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name={`${id}-rows`} checked={options.all} onChange={() => set({ all: true })} />
            Every row: {count.format(totalCount)} {noun}
          </label>
        </fieldset>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={options.sensitive} onChange={(e) => set({ sensitive: e.target.checked })} />
          Include sensitive fields (full tax ids and account numbers)
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={options.bom} onChange={(e) => set({ bom: e.target.checked })} />
          Excel (UTF-8 with BOM)
        </label>
        <button
          type="button"
          onClick={() => void download(href(options))}
          disabled={state.status === "downloading"}
          className="w-full rounded-md bg-blue-700 px-3 py-1.5 font-medium text-white hover:bg-blue-800 disabled:opacity-60"
        >
          {state.status === "downloading" ? "Preparing…" : "Download"}
        </button>
        {state.status === "error" ? (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {state.message}
          </p>
        ) : null}
      </div>
    </details>
  );
}
