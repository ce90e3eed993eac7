"use client";

import { usePathname } from "next/navigation";
import { type ReactNode, useId, useRef, useState } from "react";

interface PhoneMenuProps {
  /** The navigation and the person's menu, shown when the button opens the menu. */
  children: ReactNode;
}

/**
 * The header's menu button on narrow screens (below `lg`, where the links do not fit beside the search): opens the
 * navigation and the person's menu under the header; a link followed, Escape or the button again closes it. Its
 * content is rendered only while open, so the desktop header's links are the only ones on the page otherwise.
 */
export function PhoneMenu({ children }: PhoneMenuProps) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  // A new page closes the menu.
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setOpen(false);
  }

  return (
    <div className="lg:hidden">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
        className="flex h-11 w-11 items-center justify-center rounded-md border border-zinc-300 text-zinc-700 dark:border-zinc-700 dark:text-zinc-200"
      >
        <span className="sr-only">Menu</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      {open ? (
        <div
          id={id}
          onClick={(event) => {
            if ((event.target as HTMLElement).closest("a")) setOpen(false);
          }}
          onKeyDown={(event) => {
            if (event.key !== "Escape") return;
            setOpen(false);
            button.current?.focus();
          }}
          className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-b border-zinc-200 bg-zinc-50 px-4 pb-4 shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}
