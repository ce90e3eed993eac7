"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { searchCoverage } from "@/lib/directory/search-coverage";
import { globalSearchQuery } from "@/lib/directory/search-query";
import { GlobalSearchField, searchPanelClass } from "./global-search-field";
import { countOf } from "@/lib/values/count";

interface Option {
  id: string;
  href: string;
  label: string;
  detail: string;
}

interface GlobalSearchBoxProps {
  /** What has been typed, kept by the header's button so nothing typed while this loaded is lost. */
  text: string;
  onTextChange: (text: string) => void;
  onClose: () => void;
}

/**
 * The open search: an ARIA combobox whose listbox groups funds and investors, best match first; arrows move, Enter
 * opens, Escape closes. Loaded only when a person opens the search.
 */
export function GlobalSearchBox({ text, onTextChange, onClose }: GlobalSearchBoxProps) {
  const router = useRouter();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [active, setActive] = useState(0);
  const { data } = useQuery(globalSearchQuery(text));

  useEffect(() => {
    input.current?.focus();
  }, []);

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
    detail: `${investor.email ?? "no email"} · ${countOf(investor.funds, "fund")}`,
  }));
  const options = [...fundOptions, ...investorOptions];
  // Funds not searched (still being read, or failed): "no match" is then not the whole answer.
  const coverage = found ? searchCoverage(found) : null;
  const current = options[Math.min(active, options.length - 1)];

  function go(option: Option | undefined) {
    if (!option) return;
    onClose();
    router.push(option.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") setActive((at) => Math.min(at + 1, Math.max(0, options.length - 1)));
    else if (event.key === "ArrowUp") setActive((at) => Math.max(at - 1, 0));
    else if (event.key === "Enter") go(current);
    else if (event.key === "Escape") onClose();
    else return;
    event.preventDefault();
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
              className={`cursor-pointer px-3 py-1.5 max-lg:py-2.5 ${option === current ? "bg-blue-50 dark:bg-blue-950/60" : ""}`}
            >
              <span className="block truncate font-medium">{option.label}</span>
              <span className="block truncate text-xs text-zinc-600 dark:text-zinc-400">{option.detail}</span>
            </li>
          ))}
        </ul>
      </li>
    );

  return (
    <div className={searchPanelClass} data-global-search>
      <GlobalSearchField
        ref={input}
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-activedescendant={current?.id}
        value={text}
        onChange={(event) => {
          onTextChange(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={onClose}
        onClose={onClose}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Search results"
        className={`absolute right-0 z-40 mt-1 max-h-[70vh] w-96 overflow-auto rounded-md border border-zinc-200 bg-white py-1 text-sm shadow-lg max-lg:static max-lg:max-h-none max-lg:min-h-0 max-lg:w-full max-lg:flex-1 max-lg:shadow-none dark:border-zinc-700 dark:bg-zinc-900 ${options.length === 0 ? "hidden" : ""}`}
      >
        {group("Funds", fundOptions)}
        {group("Investors", investorOptions)}
        {coverage ? (
          <li role="presentation">
            <p className="border-t border-zinc-200 px-3 pt-2 pb-1 text-xs text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
              {coverage}
            </p>
          </li>
        ) : null}
      </ul>
      {found && options.length === 0 ? (
        <p
          role="status"
          className="absolute right-0 z-40 mt-1 w-96 rounded-md border border-zinc-200 bg-white px-3 py-2 text-sm shadow-lg max-lg:static max-lg:w-full max-lg:shadow-none dark:border-zinc-700 dark:bg-zinc-900"
        >
          Nothing matches “{text.trim()}”{found.reading ? " yet" : ""}.{coverage ? ` ${coverage}` : ""}
        </p>
      ) : null}
    </div>
  );
}
