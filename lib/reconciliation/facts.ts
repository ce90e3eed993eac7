import Big from "big.js";
import { decimal } from "./reconcile";
import type { FundFigures } from "./types";

// A fund's reconciliation line from its positions' aggregates (the store keeps them with the positions), checked
// exactly as reconcile() checks the whole list: facts.test.ts holds the two to one another.

/** What the checks need of a fund's positions, summed and counted. */
export interface PositionFacts {
  positions: number;
  sumCommitment: string | null;
  sumContributed: string | null;
  sumReceived: string | null;
  sumOwnership: string | null;
  /** Positions with an ownership percent. */
  ownershipCount: number;
  /** Positions whose total_capital_due differs from each method's formula (all its values present). */
  dueDiffers: { contribution: number; gross: number; investment: number } | null;
  /** Positions whose unfunded commitment differs from max(0, commitment − contributed). */
  unfundedDiffers: number;
}

const methods = ["contribution", "gross", "investment"] as const;

/** How many things differ (fund checks that differ, investor checks with differing investors), as reconcile(). */
export function differencesOfFacts(fund: FundFigures, facts: PositionFacts, ownershipTolerance: Big): number {
  const differs = (figure: unknown, sum: string | null | number) => {
    const given = decimal(figure);
    return given !== null && !given.eq(new Big(sum ?? 0));
  };
  const count = decimal(fund.investor_count);
  let differences = 0;
  if (count !== null && count.round(0).eq(count) && !count.eq(facts.positions)) differences += 1;
  if (differs(fund.total_commitments, facts.sumCommitment)) differences += 1;
  if (differs(fund.total_contributed, facts.sumContributed)) differences += 1;
  if (differs(fund.total_received, facts.sumReceived)) differences += 1;
  if (
    facts.ownershipCount > 0 &&
    new Big(100)
      .minus(facts.sumOwnership ?? 0)
      .abs()
      .gt(ownershipTolerance)
  )
    differences += 1;
  const method = fund.calculation_method?.trim().toLowerCase() ?? "";
  const known = methods.find((name) => name === method);
  if (known && (facts.dueDiffers?.[known] ?? 0) > 0) differences += 1;
  if (facts.unfundedDiffers > 0) differences += 1;
  return differences;
}
