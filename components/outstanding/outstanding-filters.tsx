"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { followUpStateLabels, followUpStates } from "@/lib/notes/types";
import { outstandingFundsQuery } from "@/lib/outstanding/queries";

interface OutstandingFiltersProps {
  /** What the rows are (the directory's version, or how far it has read): the fund choices follow it. */
  positions: string;
  fund: string | null;
  /** The chosen fund's name as its rows give it, shown before the choices have come. */
  fundName: string | null;
  onFundChange: (fund: string | null) => void;
  overdue: boolean;
  onOverdueChange: (overdue: boolean) => void;
  /** What "Paid since" counts from (1d, 7d, 30d, or a date a link gave), and who of the rows it keeps. */
  since: string;
  onSinceChange: (since: string) => void;
  paid: "some" | "none" | null;
  onPaidChange: (paid: "some" | "none" | null) => void;
  /** Keep the positions whose next follow-up is in a state, or without one yet. */
  followUp: FollowUpFilter | null;
  onFollowUpChange: (followUp: FollowUpFilter | null) => void;
}

type FollowUpFilter = "none" | (typeof followUpStates)[number];

const spans = [
  ["1d", "a day"],
  ["7d", "7 days"],
  ["30d", "30 days"],
] as const;

const count = new Intl.NumberFormat("en-US");

/** One fund or all of them, and only what is past due. */
export function OutstandingFilters(props: OutstandingFiltersProps) {
  const { positions, fund, fundName, onFundChange, overdue, onOverdueChange, since, paid } = props;
  const id = useId();
  // The choices are asked for once the page is up and drawn when the list is first focused or pressed: every fund's
  // option in the page's HTML made /outstanding 650 KB at 2,000 funds, most of it a list nobody had opened.
  const [opened, setOpened] = useState(false);
  const { data } = useQuery(outstandingFundsQuery(positions));
  const choices = opened ? data?.funds : undefined;
  // A linked fund that owes nothing still shows as chosen, so the empty table explains itself.
  const owes = data === undefined || data.funds.some((entry) => entry.id === fund);
  const open = () => setOpened(true);
  return (
    <>
      <label htmlFor={`${id}-fund`} className="text-sm font-medium">
        Fund
      </label>
      <select
        id={`${id}-fund`}
        value={fund ?? ""}
        onChange={(event) => onFundChange(event.target.value || null)}
        onFocus={open}
        onPointerDown={open}
        className="h-9 max-w-72 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      >
        <option value="">All funds</option>
        {fund === null || choices?.some((entry) => entry.id === fund) ? null : (
          <option value={fund}>{owes ? (fundName ?? "This fund") : "This fund (nothing outstanding)"}</option>
        )}
        {opened && !data ? (
          <option value="" disabled>
            Loading the funds…
          </option>
        ) : null}
        {choices?.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {entry.name} ({count.format(entry.count)})
          </option>
        ))}
      </select>
      <label className="flex min-h-6 items-center gap-2 text-sm">
        <input type="checkbox" checked={overdue} onChange={(event) => onOverdueChange(event.target.checked)} />
        Overdue only
      </label>
      <label htmlFor={`${id}-since`} className="text-sm font-medium">
        Paid since
      </label>
      <select
        id={`${id}-since`}
        value={since}
        onChange={(event) => props.onSinceChange(event.target.value)}
        className="h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      >
        {spans.some(([value]) => value === since) ? null : <option value={since}>{since}</option>}
        {spans.map(([value, label]) => (
          <option key={value} value={value}>
            {label} ago
          </option>
        ))}
      </select>
      <select
        aria-label="Who paid since then"
        value={paid ?? ""}
        onChange={(event) => props.onPaidChange((event.target.value || null) as "some" | "none" | null)}
        className="h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      >
        <option value="">Paid or not</option>
        <option value="some">Paid something</option>
        <option value="none">Paid nothing</option>
      </select>
      <select
        aria-label="Follow-up"
        value={props.followUp ?? ""}
        onChange={(event) => props.onFollowUpChange((event.target.value || null) as FollowUpFilter | null)}
        className="h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      >
        <option value="">Any follow-up</option>
        <option value="none">No follow-up yet</option>
        {followUpStates.map((state) => (
          <option key={state} value={state}>
            Follow-up: {followUpStateLabels[state]}
          </option>
        ))}
      </select>
    </>
  );
}
