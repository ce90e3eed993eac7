"use client";

import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { GlobalSearchField, searchPanelClass } from "./global-search-field";

const loadBox = () => import("./global-search-box");
const GlobalSearchBox = lazy(() => loadBox().then((module) => ({ default: module.GlobalSearchBox })));

// Whether the search is open, outside React: the shortcuts are heard from the moment this code runs, before the
// header hydrates, so a `/` pressed as soon as the page shows still opens it (once hydrated).
let searchOpen = false;
const listeners = new Set<() => void>();
function setSearchOpen(open: boolean) {
  searchOpen = open;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function typingInAField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

if (typeof window !== "undefined") {
  window.addEventListener("keydown", (event) => {
    const shortcut = (event.key === "k" || event.key === "K") && (event.metaKey || event.ctrlKey);
    if (!shortcut && !(event.key === "/" && !typingInAField(event.target))) return;
    // Only where the header has a search (not for someone signed out).
    if (!document.querySelector("[data-global-search]")) return;
    event.preventDefault();
    setSearchOpen(true);
  });
}

/**
 * Search every fund and investor from the header: a button, `/` or Ctrl/Cmd+K opens it. Every page loads only this
 * button; the combobox loads when the button is first hovered, touched or focused, or on the press that opens it,
 * and opens on that same press: what is typed before it arrives goes into the same box. Below `lg` the button is an
 * icon and the open search covers the screen.
 */
export function GlobalSearch() {
  const open = useSyncExternalStore(
    subscribe,
    () => searchOpen,
    () => false,
  );
  const [text, setText] = useState("");

  function close() {
    setSearchOpen(false);
    setText("");
  }

  if (!open) {
    return (
      <button
        type="button"
        data-global-search
        onClick={() => setSearchOpen(true)}
        onFocus={() => void loadBox()}
        onPointerEnter={() => void loadBox()}
        onTouchStart={() => void loadBox()}
        className="flex h-8 items-center gap-2 whitespace-nowrap rounded-md border border-zinc-300 px-2.5 text-sm text-zinc-700 hover:bg-zinc-100 max-lg:h-11 max-lg:w-11 max-lg:justify-center max-lg:px-0 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5 lg:hidden"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-4-4" />
        </svg>
        <span className="max-lg:sr-only">Search funds and investors</span>{" "}
        <kbd className="rounded border border-zinc-300 px-1 text-xs max-lg:hidden dark:border-zinc-600">/</kbd>
      </button>
    );
  }
  const waiting = (
    <div className={searchPanelClass} data-global-search>
      <GlobalSearchField
        autoFocus
        aria-expanded={false}
        aria-controls={undefined}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => (event.key === "Escape" ? close() : undefined)}
        onBlur={close}
        onClose={close}
      />
    </div>
  );
  return (
    <Suspense fallback={waiting}>
      <GlobalSearchBox text={text} onTextChange={setText} onClose={close} />
    </Suspense>
  );
}
