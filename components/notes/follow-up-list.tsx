"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { followUpsQuery } from "@/lib/notes/queries";
import type { FollowUpItem } from "@/lib/notes/types";
import { FollowUpBadge } from "./follow-up-badge";
import { FollowUpStateSwitch } from "./follow-up-state";
import { NoteText } from "./note-text";

const today = () => new Date().toISOString().slice(0, 10);

function recordHref(item: FollowUpItem): string {
  const fund = `/funds/${encodeURIComponent(item.fundId)}`;
  return item.investorId ? `${fund}/investors/${encodeURIComponent(item.investorId)}` : fund;
}

/** The person's follow-ups, overdue first: each one's record, note and state, moved on in one click. */
export function FollowUpList() {
  const { data, error, isPending } = useQuery(followUpsQuery());
  if (error)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        {error.message}
      </p>
    );
  if (isPending)
    return (
      <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
        Loading your follow-ups…
      </p>
    );
  if (data.followUps.length === 0)
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing is assigned to you.</p>;
  const now = today();
  return (
    <ol aria-label="Your follow-ups" className="divide-y divide-zinc-200 dark:divide-zinc-800">
      {data.followUps.map((item) => (
        <li
          key={item.id}
          aria-label={`${item.investorName ?? item.fundName}, ${item.followUp.state}`}
          className="space-y-2 py-3"
        >
          <p className="flex flex-wrap items-baseline gap-x-2">
            <Link
              href={recordHref(item)}
              className="inline-flex min-h-6 items-center font-medium text-blue-700 hover:underline dark:text-blue-300"
            >
              {item.investorName ?? item.fundName}
            </Link>
            {item.investorName ? (
              <span className="text-sm text-zinc-600 dark:text-zinc-400">in {item.fundName}</span>
            ) : null}
          </p>
          <FollowUpBadge followUp={item.followUp} today={now} assignee={false} />
          <NoteText text={item.text} className="text-sm" />
          <p className="text-xs text-zinc-600 dark:text-zinc-400">From {item.authorName ?? item.author}</p>
          {item.canTrack ? (
            <FollowUpStateSwitch noteId={item.id} version={item.version} followUp={item.followUp} />
          ) : null}
        </li>
      ))}
    </ol>
  );
}
