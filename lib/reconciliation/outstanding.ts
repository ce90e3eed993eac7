import { parseTimestamp } from "../values/format";
import { decimal, scaleOf } from "./reconcile";

const dayMs = 86_400_000;

/**
 * Capital still owed by a position: total_capital_due − total_received when above zero (the spec's total_received is
 * the money the fund has received from the investor, fees included); null when nothing is owed or it cannot be told.
 * No received figure counts as nothing received.
 */
export function outstandingOf(investor: {
  total_capital_due?: string | null;
  total_received?: string | null;
}): string | null {
  const due = decimal(investor.total_capital_due);
  if (due === null) return null;
  const owed = due.minus(decimal(investor.total_received) ?? 0);
  return owed.gt(0) ? owed.toFixed(scaleOf(investor.total_capital_due, investor.total_received)) : null;
}

function utcDay(time: number): number {
  return Math.floor(time / dayMs);
}

/** Overdue once the UTC calendar day of the fund's capital_due_date has passed; days counted from that day. */
export function overdueOf(
  capitalDueDate: string | null | undefined,
  now = Date.now(),
): { overdue: boolean; daysOverdue: number } {
  const due = parseTimestamp(capitalDueDate);
  if (due === null) return { overdue: false, daysOverdue: 0 };
  const days = utcDay(now) - utcDay(due.getTime());
  return days > 0 ? { overdue: true, daysOverdue: days } : { overdue: false, daysOverdue: 0 };
}
