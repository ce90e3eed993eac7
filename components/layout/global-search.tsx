"use client";

import { lazy, Suspense, useEffect, useState } from "react";
import { GlobalSearchField } from "./global-search-field";

const loadBox = () => import("./global-search-box");
const GlobalSearchBox = lazy(() => loadBox().then((module) => ({ default: module.GlobalSearchBox })));

function typingInAField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/**
 * Search every fund and investor from the header: a button, `/` or Ctrl/Cmd+K opens it. Every page loads only this
 * button; the combobox loads when the button is first hovered or focused, or on the press that opens it, and opens
 * on that same press: what is typed before it arrives goes into the same box.
 */
export function GlobalSearch() {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const shortcut = (event.key === "k" || event.key === "K") && (event.metaKey || event.ctrlKey);
      if (!shortcut && !(event.key === "/" && !typingInAField(event.target))) return;
      event.preventDefault();
      setOpen(true);
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  function close() {
    setOpen(false);
    setText("");
  }

  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        onFocus={() => void loadBox()}
        onPointerEnter={() => void loadBox()}
        className="flex h-8 items-center gap-2 rounded-md border border-zinc-300 px-2.5 text-sm text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800"
      >
        Search funds and investors{" "}
        <kbd className="rounded border border-zinc-300 px-1 text-xs dark:border-zinc-600">/</kbd>
      </button>
    );
  }
  const waiting = (
    <div className="relative">
      <GlobalSearchField
        autoFocus
        aria-expanded={false}
        aria-controls={undefined}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => (event.key === "Escape" ? close() : undefined)}
        onBlur={close}
      />
    </div>
  );
  return (
    <Suspense fallback={waiting}>
      <GlobalSearchBox text={text} onTextChange={setText} onClose={close} />
    </Suspense>
  );
}
