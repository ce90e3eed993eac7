"use client";

interface DataTableSearchProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
}

export function DataTableSearch({ value, onChange, label, placeholder }: DataTableSearchProps) {
  return (
    <input
      type="search"
      aria-label={label}
      placeholder={placeholder ?? label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="h-9 w-72 max-w-full rounded-md max-md:h-11 border border-zinc-300 bg-white px-3 text-sm placeholder:text-zinc-500 dark:border-zinc-700 dark:bg-zinc-900"
    />
  );
}
