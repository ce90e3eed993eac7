import type { ComponentProps } from "react";

interface GlobalSearchFieldProps extends ComponentProps<"input"> {
  "aria-expanded": boolean;
  /** The listbox of results, once there is one. */
  "aria-controls": string | undefined;
}

/** The search box's input: the same element whether the combobox has loaded yet or not. */
export function GlobalSearchField({
  "aria-expanded": expanded,
  "aria-controls": controls,
  ...props
}: GlobalSearchFieldProps) {
  return (
    <input
      type="text"
      role="combobox"
      aria-label="Search funds and investors"
      aria-autocomplete="list"
      aria-expanded={expanded}
      aria-controls={controls}
      placeholder="Search funds and investors"
      autoComplete="off"
      className="h-8 w-80 rounded-md border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      {...props}
    />
  );
}
