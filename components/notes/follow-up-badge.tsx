import { followUpStateLabels, type FollowUp } from "@/lib/notes/types";
import { formatDate } from "@/lib/values/format";

const tones: Record<FollowUp["state"], string> = {
  open: "border-blue-300 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100",
  waiting: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100",
  done: "border-zinc-300 bg-zinc-50 text-zinc-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300",
};

/** A follow-up in a line: its state, its due day (overdue in red while not done), and who it is assigned to. */
export function FollowUpBadge({
  followUp,
  today,
  assignee = true,
}: {
  followUp: FollowUp;
  today: string;
  assignee?: boolean;
}) {
  const overdue = followUp.state !== "done" && followUp.due < today;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <span className={`rounded border px-1.5 text-xs font-medium ${tones[followUp.state]}`}>
        {followUpStateLabels[followUp.state]}
      </span>
      <span className={overdue ? "font-medium text-red-700 dark:text-red-300" : ""}>
        {overdue ? "Overdue since" : "Due"} {formatDate(followUp.due)}
      </span>
      {assignee ? (
        <span className="text-zinc-600 dark:text-zinc-400">{followUp.assigneeName ?? followUp.assignee}</span>
      ) : null}
    </span>
  );
}
