import type { ComponentProps } from "react";

interface GlobalSearchFieldProps extends ComponentProps<"input"> {
  "aria-expanded": boolean;
  /** The listbox of results, once there is one. */
  "aria-controls": string | undefined;
  /** Closes the search: the phone's full-screen search has a Close button beside the box. */
  onClose: () => void;
}

/**
 * The open search's container: below `lg` (a phone) it covers the screen, the box on top and its results under it;
 * from `lg` up it is the header's box with its results dropping down.
 */
export const searchPanelClass =
  "relative max-lg:fixed max-lg:inset-0 max-lg:z-50 max-lg:flex max-lg:flex-col max-lg:gap-2 max-lg:bg-white max-lg:p-3 max-lg:dark:bg-zinc-950";

/** The search box's input: the same element whether the combobox has loaded yet or not. */
export function GlobalSearchField({
  "aria-expanded": expanded,
  "aria-controls": controls,
  onClose,
  ...props
}: GlobalSearchFieldProps) {
  return (
    <div className="flex gap-2 lg:contents">
      <input
        type="text"
        role="combobox"
        aria-label="Search funds and investors"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={controls}
        placeholder="Search funds and investors"
        autoComplete="off"
        className="h-8 w-80 rounded-md border border-zinc-300 bg-white px-3 text-sm max-lg:h-11 max-lg:w-full max-lg:text-base dark:border-zinc-700 dark:bg-zinc-900"
        {...props}
      />
      <button
        type="button"
        onClick={onClose}
        className="h-11 shrink-0 rounded-md border border-zinc-300 px-3 text-sm font-medium lg:hidden dark:border-zinc-700"
      >
        Close
      </button>
    </div>
  );
}
