// Shapes passed between the generation passes, kept apart so the passes need not import each other.
import type { InvestorShape } from "./config";
import type { IdentityPlan } from "./identity-plan";
import type { CalculationMethod } from "./types";

/** What investor generation needs to know about its fund. */
export interface FundTerms {
  index: number;
  id: string;
  investorCount: number;
  amountsSeed: number;
  peopleSeed: number;
  calculationMethod: CalculationMethod;
  feeTenths: number;
  carryTenths: number;
  minimumCents: number;
  expenseReserveCents: number;
  createdAtMs: number;
  distributing: boolean;
  /** Target size as a percentage of total commitments; null keeps the generated target as is. */
  targetPercent: number | null;
  /** Deliberate differences between this fund's aggregates and its investors (see plants.ts). */
  plants: FundPlants;
  shape: InvestorShape;
  /** Store-wide: who holds each position of every fund. */
  plan: IdentityPlan;
}

/** A fund's terms before the store has planned identities across all funds. */
export type FundBase = Omit<FundTerms, "plan">;

/** Where a fund's books deliberately do not tie out; positions index its investor list. */
export interface FundPlants {
  /** Investors whose total_capital_due leaves out the management fee. */
  feeOmitted: readonly number[];
  /** The investor whose recent contribution the fund's total_contributed does not include yet. */
  lateContribution: number | null;
  /** investor_count also counts one invited investor the list does not show yet. */
  uncounted: boolean;
}

export const NO_PLANTS: FundPlants = { feeOmitted: [], lateContribution: null, uncounted: false };

export type ContributionStatus = "none" | "partial" | "full";

/** Integer cents; null where the investor's commitment is unknown. */
export interface InvestorAmounts {
  commitment: number | null;
  feeTenths: number;
  fee: number | null;
  expenseShare: number | null;
  totalDue: number | null;
  contributed: number;
  received: number;
  status: ContributionStatus;
}

/** Exact sums over the fund's investors. */
export interface AmountTotals {
  commitments: bigint;
  contributed: bigint;
  received: bigint;
  /** Contributed cents of plants.lateContribution (0 without one), which the fund's total leaves out. */
  lateContribution: number;
}
