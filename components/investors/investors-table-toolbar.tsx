import type { ReactNode } from "react";
import { type CsvOptions, DataTableDownload } from "@/components/data-table/data-table-download";
import { DataTableFacetFilter, type FacetOption } from "@/components/data-table/data-table-facet-filter";
import { DataTableSearch } from "@/components/data-table/data-table-search";
import type { InvestorCheckId } from "@/lib/reconciliation/types";
import { formatTimestampTitle } from "@/lib/values/format";
import { countOf } from "@/lib/values/count";

interface InvestorsTableToolbarProps {
  query: string;
  onQueryChange: (query: string) => void;
  typeOptions: FacetOption[];
  types: string[];
  onTypesChange: (types: string[]) => void;
  shown: number;
  total: number;
  /** When the server fetched the list the table pages through (ISO). */
  fetchedAt: string;
  /** The list is a kept read, served while the live read runs. */
  kept: boolean;
  /** While the server is still reading the list: records so far, and how many the fund says it has. */
  reading: { read: number; expected: number | null } | null;
  columnPicker: ReactNode;
  csvHref: (options: CsvOptions) => string;
  /** Only investors with capital outstanding. */
  outstanding: boolean;
  onOutstandingChange: (outstanding: boolean) => void;
  /** The reconciliation check the table is narrowed to, if any. */
  check: InvestorCheckId | null;
  onClearCheck: () => void;
}

const checkLabels: Record<InvestorCheckId, string> = {
  total_capital_due: "total capital due",
  unfunded_commitment_amount: "unfunded commitment",
};
const toggleClass =
  "h-9 rounded-md border px-3 text-sm font-medium hover:bg-zinc-100 dark:hover:bg-zinc-800 aria-pressed:border-blue-600 aria-pressed:bg-blue-50 dark:aria-pressed:bg-blue-950/60";

const count = new Intl.NumberFormat("en-US");
// The same text on the server and in the browser, so hydration agrees.
const clock = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "UTC",
});
const timeOfDay = (iso: string) => `${clock.format(new Date(iso))} UTC`;

/** "Reading 23,000 of 50,000 investors…" (or without the total when the fund does not give one). */
export function readingText({ read, expected }: { read: number; expected: number | null }): string {
  if (expected !== null && expected >= read)
    return `Reading ${count.format(read)} of ${countOf(expected, "investor")}…`;
  return `Reading ${countOf(read, "investor")}…`;
}

export function InvestorsTableToolbar(props: InvestorsTableToolbarProps) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-3">
      <DataTableSearch
        label="Search investors"
        placeholder="Search name, email, joint name, team…"
        value={props.query}
        onChange={props.onQueryChange}
      />
      <button
        type="button"
        aria-pressed={props.outstanding}
        onClick={() => props.onOutstandingChange(!props.outstanding)}
        className={`${toggleClass} border-zinc-300 dark:border-zinc-700`}
      >
        Outstanding
      </button>
      {props.check ? (
        <p className="flex items-center gap-2 rounded-md bg-amber-50 px-3 py-1.5 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
          Investors whose {checkLabels[props.check]} differs from its formula
          <button type="button" onClick={props.onClearCheck} className="min-h-6 font-medium underline">
            Show all
          </button>
        </p>
      ) : null}
      <DataTableFacetFilter
        title="Type"
        options={props.typeOptions}
        selected={props.types}
        onChange={props.onTypesChange}
      />
      {props.reading ? (
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          {readingText(props.reading)}
        </p>
      ) : (
        <p className="text-sm text-zinc-700 dark:text-zinc-300" aria-live="polite">
          {count.format(props.shown)} of {countOf(props.total, "investor")}
        </p>
      )}
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        as of{" "}
        <time dateTime={props.fetchedAt} title={formatTimestampTitle(props.fetchedAt)}>
          {timeOfDay(props.fetchedAt)}
        </time>
        {props.kept ? " · refreshing…" : null}
      </p>
      <div className="ml-auto flex items-center gap-3">
        <div className="hidden md:block">{props.columnPicker}</div>
        <DataTableDownload href={props.csvHref} viewCount={props.shown} totalCount={props.total} noun="investors" />
      </div>
    </div>
  );
}
