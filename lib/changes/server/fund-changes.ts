import "server-only";
import type { FundComparison } from "../../store/server";
import { kindsOf } from "../investor-changes";
import { type ChangeKind, changeKinds, type FundChanges, type InvestorChange } from "../types";

// One fund's comparison from the store made into what people read: investors, their fields, kinds and counts.

const dayMs = 86_400_000;

/** The fund's name as the directory gives it: display name, else legal name, else its id. */
export function comparedFundName(compared: FundComparison): string {
  return compared.fund.displayName?.trim() || compared.fund.legalName?.trim() || compared.fundId;
}

// Changed payment details shortly before a call are the usual sign of payment-redirect fraud.
function nearCall(capitalDueDate: string | null, changedBy: Date): boolean {
  const due = capitalDueDate ? Date.parse(capitalDueDate) : Number.NaN;
  if (Number.isNaN(due)) return false;
  return changedBy.getTime() >= due - 30 * dayMs && changedBy.getTime() <= due + dayMs;
}

/** A fund's changes since `since`, from its comparison and its changed investors (investorChangesOf). */
export function fundChangesOf(compared: FundComparison, changed: readonly InvestorChange[], since: Date): FundChanges {
  const investors = compared.before ? [...changed] : [];
  const counts = Object.fromEntries(changeKinds.map((kind) => [kind, 0])) as Record<ChangeKind, number>;
  for (const investor of investors) for (const kind of new Set(kindsOf(investor))) counts[kind] += 1;
  const span = (read: { readAt: Date; lastSeenAt: Date }) => ({
    readAt: read.readAt.toISOString(),
    lastSeenAt: read.lastSeenAt.toISOString(),
  });
  const { gaps } = compared;
  return {
    fund: { id: compared.fundId, name: comparedFundName(compared) },
    since: since.toISOString(),
    historyStartsAt: compared.firstReadAt.toISOString(),
    before: compared.before && span(compared.before),
    after: span(compared.after),
    gap:
      compared.before && gaps.count > 0
        ? { count: gaps.count, first: gaps.first?.toISOString() ?? null, last: gaps.last?.toISOString() ?? null }
        : null,
    capitalDueDate: compared.fund.capitalDueDate,
    alert: counts.contact > 0 && nearCall(compared.fund.capitalDueDate, compared.after.readAt),
    figures: compared.before ? compared.figures.filter((figure) => figure.before !== figure.after) : [],
    counts,
    investors,
  };
}
