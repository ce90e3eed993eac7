"use client";

export interface FacetOption {
  value: string;
  label: string;
  count: number;
}

interface DataTableFacetFilterProps {
  title: string;
  options: FacetOption[];
  selected: string[];
  onChange: (selected: string[]) => void;
}

const count = new Intl.NumberFormat("en-US");

/** A multi-select filter over the values present in a column, with how many rows each has. */
export function DataTableFacetFilter({ title, options, selected, onChange }: DataTableFacetFilterProps) {
  const chosen = new Set(selected);
  function toggle(value: string) {
    const next = new Set(chosen);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    onChange(options.map((option) => option.value).filter((option) => next.has(option)));
  }
  return (
    <details className="relative max-md:static">
      <summary className="flex h-9 cursor-pointer list-none items-center whitespace-nowrap rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800">
        {title}: {selected.length === 0 ? "all" : selected.join(", ")}
      </summary>
      <fieldset className="absolute z-30 mt-1 w-60 rounded-md max-md:inset-x-4 max-md:w-auto border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
        <legend className="sr-only">{title}</legend>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex items-center gap-2 rounded px-2 py-1 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
          >
            <input type="checkbox" checked={chosen.has(option.value)} onChange={() => toggle(option.value)} />
            <span className="capitalize">{option.label}</span>
            <span className="ml-auto tabular-nums text-zinc-500 dark:text-zinc-400">{count.format(option.count)}</span>
          </label>
        ))}
        {selected.length > 0 ? (
          <button
            type="button"
            onClick={() => onChange([])}
            className="mt-1 w-full rounded px-2 py-1 text-left text-sm text-blue-700 hover:bg-zinc-100 dark:text-blue-300 dark:hover:bg-zinc-800"
          >
            Clear filter
          </button>
        ) : null}
      </fieldset>
    </details>
  );
}
