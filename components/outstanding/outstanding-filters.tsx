"use client";

import { useId } from "react";

interface OutstandingFiltersProps {
  funds: { id: string; name: string; count: number }[];
  fund: string | null;
  onFundChange: (fund: string | null) => void;
  overdue: boolean;
  onOverdueChange: (overdue: boolean) => void;
}

const count = new Intl.NumberFormat("en-US");

/** One fund or all of them, and only what is past due. */
export function OutstandingFilters({ funds, fund, onFundChange, overdue, onOverdueChange }: OutstandingFiltersProps) {
  const id = useId();
  // A linked fund that owes nothing still shows as chosen, so the empty table explains itself.
  const known = fund === null || funds.some((entry) => entry.id === fund);
  return (
    <>
      <label htmlFor={`${id}-fund`} className="text-sm font-medium">
        Fund
      </label>
      <select
        id={`${id}-fund`}
        value={fund ?? ""}
        onChange={(event) => onFundChange(event.target.value || null)}
        className="h-9 max-w-72 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      >
        <option value="">All funds</option>
        {known ? null : <option value={fund}>This fund (nothing outstanding)</option>}
        {funds.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {entry.name} ({count.format(entry.count)})
          </option>
        ))}
      </select>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={overdue} onChange={(event) => onOverdueChange(event.target.checked)} />
        Overdue only
      </label>
    </>
  );
}
