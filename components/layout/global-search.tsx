"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { globalSearchQuery } from "@/lib/directory/search-query";

interface Option {
  id: string;
  href: string;
  label: string;
  detail: string;
}

const count = new Intl.NumberFormat("en-US");

function typingInAField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/**
 * Search every fund and investor from the header: a button, `/` or Ctrl/Cmd+K opens it; arrows move, Enter opens,
 * Escape closes. An ARIA combobox whose listbox groups funds and investors, best match first.
 */
export function GlobalSearch() {
  const router = useRouter();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const { data } = useQuery({ ...globalSearchQuery(text), enabled: open && text.trim() !== "" });

  useEffect(() => {
    function onKey(event: globalThis.KeyboardEvent) {
      const shortcut = (event.key === "k" || event.key === "K") && (event.metaKey || event.ctrlKey);
      if (!shortcut && !(event.key === "/" && !typingInAField(event.target))) return;
      event.preventDefault();
      setOpen(true);
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const found = text.trim() ? data : undefined;
  const fundOptions: Option[] = (found?.funds ?? []).map((fund) => ({
    id: `${listId}-f-${fund.id}`,
    href: `/funds/${encodeURIComponent(fund.id)}`,
    label: fund.name,
    detail: fund.organization ? `Fund · ${fund.organization}` : "Fund",
  }));
  const investorOptions: Option[] = (found?.investors ?? []).map((investor) => ({
    id: `${listId}-i-${investor.key}`,
    href: `/investors/${encodeURIComponent(investor.key)}`,
    label: investor.name,
    detail: `${investor.email ?? "no email"} · ${count.format(investor.funds)} ${investor.funds === 1 ? "fund" : "funds"}`,
  }));
  const options = [...fundOptions, ...investorOptions];
  const current = options[Math.min(active, options.length - 1)];

  function close() {
    setOpen(false);
    setText("");
    setActive(0);
  }

  function go(option: Option | undefined) {
    if (!option) return;
    close();
    router.push(option.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") setActive((at) => Math.min(at + 1, Math.max(0, options.length - 1)));
    else if (event.key === "ArrowUp") setActive((at) => Math.max(at - 1, 0));
    else if (event.key === "Enter") go(current);
    else if (event.key === "Escape") close();
    else return;
    event.preventDefault();
  }

  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="flex h-8 items-center gap-2 rounded-md border border-zinc-300 px-2.5 text-sm text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800"
      >
        Search funds and investors{" "}
        <kbd className="rounded border border-zinc-300 px-1 text-xs dark:border-zinc-600">/</kbd>
      </button>
    );
  }

  const group = (title: string, list: Option[]) =>
    list.length === 0 ? null : (
      <li role="presentation">
        <p
          id={`${listId}-${title}`}
          className="px-3 pt-2 text-xs font-semibold uppercase text-zinc-500 dark:text-zinc-400"
        >
          {title}
        </p>
        <ul role="group" aria-labelledby={`${listId}-${title}`}>
          {list.map((option) => (
            <li
              key={option.id}
              id={option.id}
              role="option"
              aria-selected={option === current}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(option)}
              className={`cursor-pointer px-3 py-1.5 ${option === current ? "bg-blue-50 dark:bg-blue-950/60" : ""}`}
            >
              <span className="block truncate font-medium">{option.label}</span>
              <span className="block truncate text-xs text-zinc-600 dark:text-zinc-400">{option.detail}</span>
            </li>
          ))}
        </ul>
      </li>
    );

  return (
    <div className="relative">
      <input
        ref={input}
        type="text"
        role="combobox"
        aria-label="Search funds and investors"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={current?.id}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        placeholder="Search funds and investors"
        className="h-8 w-80 rounded-md border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Search results"
        className={`absolute right-0 z-40 mt-1 max-h-[70vh] w-96 overflow-auto rounded-md border border-zinc-200 bg-white py-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900 ${options.length === 0 ? "hidden" : ""}`}
      >
        {group("Funds", fundOptions)}
        {group("Investors", investorOptions)}
      </ul>
      {found && options.length === 0 ? (
        <p
          role="status"
          className="absolute right-0 z-40 mt-1 w-96 rounded-md border border-zinc-200 bg-white px-3 py-2 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          Nothing matches “{text.trim()}”.
        </p>
      ) : null}
    </div>
  );
}
