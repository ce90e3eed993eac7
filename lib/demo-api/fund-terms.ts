// Shapes passed between the generation passes, kept apart so the passes need not import each other.
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
}

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

export interface AmountTotals {
  commitments: bigint;
  contributed: bigint;
  received: bigint;
}
