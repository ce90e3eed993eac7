"use client";

import { useId, useState } from "react";
import type { CsvOptions, DataTableDownloadProps } from "./data-table-download";
import { useCsvDownload } from "./use-csv-download";

const count = new Intl.NumberFormat("en-US");

const buttons = [
  { format: "csv", label: "Download", className: "bg-blue-700 text-white hover:bg-blue-800" },
  {
    format: "xlsx",
    label: "Excel (.xlsx)",
    className: "border border-blue-700 text-blue-800 hover:bg-blue-50 dark:text-blue-200 dark:hover:bg-blue-950",
  },
] as const;

/** The open "Download CSV" menu: the rows of this view or all of them, masked unless asked, as CSV or Excel (.xlsx). */
export function DataTableDownloadMenu({ href, viewCount, totalCount, noun }: DataTableDownloadProps) {
  const id = useId();
  const [options, setOptions] = useState<CsvOptions>({ all: false, sensitive: false, bom: false });
  const { state, downloadAs, asked, busy } = useCsvDownload();
  const set = (patch: Partial<CsvOptions>) => setOptions((current) => ({ ...current, ...patch }));
  return (
    <div className="absolute right-0 z-30 mt-1 w-80 space-y-2 max-md:inset-x-4 max-md:w-auto rounded-md border border-zinc-200 bg-white p-3 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
      <fieldset className="space-y-1">
        <legend className="mb-1 font-medium">Rows</legend>
        <label className="flex min-h-6 items-center gap-2">
          <input type="radio" name={`${id}-rows`} checked={!options.all} onChange={() => set({ all: false })} />
          This view: {count.format(viewCount)} {noun}, in its order
        </label>
        <label className="flex min-h-6 items-center gap-2">
          <input type="radio" name={`${id}-rows`} checked={options.all} onChange={() => set({ all: true })} />
          Every row: {count.format(totalCount)} {noun}
        </label>
      </fieldset>
      <label className="flex min-h-6 items-center gap-2">
        <input type="checkbox" checked={options.sensitive} onChange={(e) => set({ sensitive: e.target.checked })} />
        Include sensitive fields (full tax ids and account numbers)
      </label>
      <label className="flex min-h-6 items-center gap-2">
        <input type="checkbox" checked={options.bom} onChange={(e) => set({ bom: e.target.checked })} />
        Excel (UTF-8 with BOM)
      </label>
      <div className="flex gap-2">
        {buttons.map(({ format, label, className }) => (
          <button
            key={format}
            type="button"
            onClick={() => void downloadAs(href(options), format)}
            disabled={busy}
            className={`flex-1 rounded-md px-3 py-1.5 font-medium disabled:opacity-60 ${className}`}
          >
            {busy && asked === format ? "Preparing…" : label}
          </button>
        ))}
      </div>
      {state.status === "error" ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
