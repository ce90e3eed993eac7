import "server-only";
import Big from "big.js";
import { outstandingOf, overdueOf } from "../../reconciliation/outstanding";
import { reconcile } from "../../reconciliation/reconcile";
import type { FundFigures, InvestorFigures } from "../../reconciliation/types";
import type { ConditionRow } from "../../store/server/alerts";
import type { ConditionDetail, ConditionKind } from "../types";

// A fund's conditions, observed at each kept read: "overdue" (capital still owed after the capital due date's UTC
// day) and "ties" (the reconciliation's checks all hold). A change of state is told once it holds for two reads in a
// row; the first reads only set where the fund stands (nothing is told); an open state (overdue, not tying out) is
// told again at most once a day while it lasts.

export const conditionNames = ["overdue", "ties"] as const;
export type ConditionName = (typeof conditionNames)[number];

const dayMs = 86_400_000;

/** What one read shows of a condition: its value, and what to say about it. */
export interface Observation {
  value: boolean;
  detail: Omit<ConditionDetail, "reminder" | "since">;
}

/** Whether a value is the open one (told, and reminded of). */
export const isOpen = (condition: ConditionName, value: boolean) => (condition === "overdue" ? value : !value);

/** What a read of a fund shows of each condition; none without the fund's own record (its figures, its due date). */
export function observe(
  fund: Record<string, unknown> | null,
  investors: readonly Record<string, unknown>[],
  readAt: Date,
  tolerance: Big,
): Record<ConditionName, Observation> | null {
  if (!fund) return null;
  const figures = fund as FundFigures;
  let total = new Big(0);
  let scale = 0;
  for (const investor of investors) {
    const amount = outstandingOf(investor as unknown as InvestorFigures);
    if (amount === null) continue;
    total = total.plus(amount);
    scale = Math.max(scale, amount.split(".")[1]?.length ?? 0);
  }
  const dueDate = typeof figures.capital_due_date === "string" ? figures.capital_due_date : null;
  const { overdue, daysOverdue } = overdueOf(dueDate, readAt.getTime());
  const checks = reconcile("", figures, investors as unknown as InvestorFigures[], tolerance);
  const differences = [
    ...checks.checks
      .filter((check) => check.status === "differs")
      .map((check) => ({ label: check.label, difference: check.difference, investors: null })),
    ...checks.investorChecks
      .filter((check) => check.differing > 0)
      .map((check) => ({ label: check.label, difference: null, investors: check.differing })),
  ];
  const none = { capitalDueDate: dueDate, daysOverdue: null, outstanding: null, differences: [] };
  return {
    overdue: {
      value: overdue && total.gt(0),
      detail: { ...none, daysOverdue: overdue ? daysOverdue : null, outstanding: total.toFixed(scale) },
    },
    ties: { value: differences.length === 0, detail: { ...none, differences } },
  };
}

/** The kind told when a condition turns to `value` (null: nothing is told, as when capital is no longer overdue). */
function kindOf(condition: ConditionName, value: boolean): ConditionKind | null {
  if (condition === "overdue") return value ? "overdue" : null;
  return value ? "ties_out_again" : "stopped_tying_out";
}

export interface Told {
  kind: ConditionKind;
  reminder: boolean;
  since: Date | null;
}

/**
 * One read's step of a condition: the row as it becomes, and what to tell (a confirmed change of state, or the day's
 * reminder of an open one), if anything.
 */
export function stepCondition(
  row: ConditionRow,
  condition: ConditionName,
  observed: Observation,
  readId: number,
  now: Date,
): { row: ConditionRow; told: Told | null } {
  const value = observed.value;
  const pendingSince = (row.detail as { pendingSince?: string } | null)?.pendingSince ?? null;
  const base = { ...row, lastReadId: readId, updatedAt: now };
  const detail = (extra: object = {}) => ({ ...observed.detail, ...extra });
  if (row.state === null) {
    // The first read sets where the fund stands; nothing has changed yet.
    const openedAt = isOpen(condition, value) ? now : null;
    return { row: { ...base, state: value, pending: null, openedAt, firedAt: null, detail: detail() }, told: null };
  }
  if (value === row.state) {
    const open = isOpen(condition, value);
    const due = open && row.firedAt !== null && now.getTime() - row.firedAt.getTime() >= dayMs;
    const kind = kindOf(condition, value);
    const told = due && kind ? { kind, reminder: true, since: row.openedAt } : null;
    return {
      row: { ...base, pending: null, firedAt: told ? now : row.firedAt, detail: detail() },
      told,
    };
  }
  if (row.pending !== value) {
    // Seen once: told only if the next read agrees.
    return { row: { ...base, pending: value, detail: detail({ pendingSince: now.toISOString() }) }, told: null };
  }
  const since = pendingSince ? new Date(pendingSince) : now;
  const open = isOpen(condition, value);
  const kind = kindOf(condition, value);
  return {
    row: {
      ...base,
      state: value,
      pending: null,
      openedAt: open ? since : null,
      firedAt: open && kind ? now : null,
      detail: detail(),
    },
    told: kind ? { kind, reminder: false, since } : null,
  };
}
