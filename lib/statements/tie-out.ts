import { decimal, scaleOf } from "../reconciliation/reconcile";

// Whether a period's statements tie out: the sum over the fund's investors of each statement line against the fund's
// own figures read with the same two lists, where the fund reports them (it reports no net asset value or
// distributions). Browser-safe and exact.

export interface LineSum {
  sum: string | null;
  skipped: number;
}

/** What the store sums over the statements (see lib/store statementSums), in the shapes the check reads. */
export interface TieOutInput {
  lines: Record<"contributions" | "commitment" | "contributed" | "received", LineSum>;
  left: { investors: number; contributed: LineSum };
  opening: { totalContributed: string | null };
  closing: { totalCommitments: string | null; totalContributed: string | null; totalReceived: string | null };
}

export type TieOutStatus = "ties" | "differs" | "cannot";

export interface TieOutCheck {
  id: "contributions" | "contributed" | "commitment" | "received";
  label: string;
  formula: string;
  /** The statements' sum (less what investors who left had contributed, for the period's contributions). */
  statements: string | null;
  fund: string | null;
  /** The fund's figure minus the statements'. */
  difference: string | null;
  status: TieOutStatus;
  /** Investor values left out of the sum (not given). */
  skipped: number;
  reason: string | null;
}

/** The lines the fund's own record does not report, so no sum of them can be checked. */
export const unreportedLines = ["Net asset value", "Distributions in the period", "Net change in value"] as const;

function compare(
  id: TieOutCheck["id"],
  label: string,
  formula: string,
  statements: string | null,
  fund: string | null,
  skipped: number,
): TieOutCheck {
  const ours = decimal(statements);
  const theirs = decimal(fund);
  if (theirs === null) {
    const reason = "The fund's own figure was not given with these reads.";
    return { id, label, formula, statements, fund, difference: null, status: "cannot", skipped, reason };
  }
  const difference = theirs.minus(ours ?? 0).toFixed(scaleOf(statements, fund));
  const status = theirs.eq(ours ?? 0) ? "ties" : "differs";
  return { id, label, formula, statements: statements ?? "0", fund, difference, status, skipped, reason: null };
}

function change(closing: string | null, opening: string | null): string | null {
  const [a, b] = [decimal(closing), decimal(opening)];
  return a === null || b === null ? null : a.minus(b).toFixed(scaleOf(closing, opening));
}

function less(sum: string | null, part: string | null): string | null {
  const [a, b] = [decimal(sum) ?? decimal("0")!, decimal(part) ?? decimal("0")!];
  return sum === null && part === null ? null : a.minus(b).toFixed(scaleOf(sum, part));
}

/** The checks of a period's statements against the fund's own figures. */
export function tieOut(input: TieOutInput): TieOutCheck[] {
  const { lines, left, opening, closing } = input;
  return [
    compare(
      "contributions",
      "Contributions in the period",
      "Σ contributions − contributed by investors who left = change in the fund's total contributed",
      less(lines.contributions.sum, left.contributed.sum),
      change(closing.totalContributed, opening.totalContributed),
      lines.contributions.skipped + left.contributed.skipped,
    ),
    compare(
      "contributed",
      "Contributed to date",
      "Σ contributed to date = the fund's total contributed at the closing read",
      lines.contributed.sum,
      closing.totalContributed,
      lines.contributed.skipped,
    ),
    compare(
      "commitment",
      "Commitment",
      "Σ commitment = the fund's total commitments at the closing read",
      lines.commitment.sum,
      closing.totalCommitments,
      lines.commitment.skipped,
    ),
    compare(
      "received",
      "Capital received",
      "Σ received = the fund's total received at the closing read",
      lines.received.sum,
      closing.totalReceived,
      lines.received.skipped,
    ),
  ];
}

/** The verdict in words: "Ties out", "2 differences", or why nothing could be checked. */
export function tieOutVerdict(checks: readonly TieOutCheck[]): { status: TieOutStatus; text: string } {
  const differs = checks.filter((check) => check.status === "differs").length;
  if (differs > 0) return { status: "differs", text: differs === 1 ? "1 difference" : `${differs} differences` };
  if (checks.every((check) => check.status === "cannot")) return { status: "cannot", text: "Cannot check" };
  return { status: "ties", text: "Ties out" };
}
