"use client";

import { type ReactNode, Suspense, useState } from "react";

interface LazyDisclosureProps {
  summary: ReactNode;
  /** The open menu: rendered (and its code loaded) only once the disclosure is first opened. */
  children: ReactNode;
  /** Starts loading the menu's code when the pointer or focus reaches the summary, before the click. */
  preload: () => void;
}

/** A toolbar menu (Download CSV, Columns) whose contents load on first open; once loaded they stay mounted. */
export function LazyDisclosure({ summary, children, preload }: LazyDisclosureProps) {
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="relative max-md:static"
      onToggle={(event) => (event.currentTarget.open ? setOpened(true) : undefined)}
    >
      <summary
        onPointerEnter={preload}
        onFocus={preload}
        className="flex h-9 max-md:h-11 cursor-pointer list-none items-center whitespace-nowrap rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        {summary}
      </summary>
      {opened ? (
        <Suspense
          fallback={
            <p
              role="status"
              className="absolute right-0 z-30 mt-1 w-60 rounded-md max-md:inset-x-4 max-md:w-auto border border-zinc-200 bg-white p-3 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
            >
              Loading…
            </p>
          }
        >
          {children}
        </Suspense>
      ) : null}
    </details>
  );
}
