/** What reconciliation needs of a fund: its own figures, as the API gave them. */
export interface FundFigures {
  investor_count?: string | number | null;
  total_commitments?: string | null;
  total_contributed?: string | null;
  total_received?: string | null;
  calculation_method?: string | null;
  capital_due_date?: string | null;
}

/** What reconciliation needs of each investor. */
export interface InvestorFigures {
  id: string;
  commitment_amount?: string | null;
  contributed_amount?: string | null;
  total_received?: string | null;
  ownership_percent?: string | null;
  total_capital_due?: string | null;
  management_fee_amount?: string | null;
  expense_reserve_amount?: string | null;
  unfunded_commitment_amount?: string | null;
}

export type FundCheckId =
  "investor_count" | "total_commitments" | "total_contributed" | "total_received" | "ownership_percent";
export type InvestorCheckId = "total_capital_due" | "unfunded_commitment_amount";
export type CheckStatus = "holds" | "differs" | "cannot_check";

/** One fund-level check: the fund's own figure against what its investors add up to. */
export interface FundCheck {
  id: FundCheckId;
  label: string;
  formula: string;
  /** The fund's figure (for ownership, the 100 it should add up to). */
  fund: string | null;
  investors: string | null;
  /** The fund's figure minus the investors', exact. */
  difference: string | null;
  /** Investor values left out of the sum because they are absent or not a number. */
  skipped: number;
  status: CheckStatus;
  reason: string | null;
}

/** One investor-level check over every investor of the fund. */
export interface InvestorCheck {
  id: InvestorCheckId;
  label: string;
  formula: string;
  differing: number;
  investorIds: string[];
  /** Investors the check could not be made for (a value the formula needs is absent), with why. */
  unchecked: number;
  reason: string | null;
}

/** GET /api/funds/{fundId}/reconciliation */
export interface Reconciliation {
  fundId: string;
  checks: FundCheck[];
  investorChecks: InvestorCheck[];
}

/** A fund's line on the Funds grid. */
export const reconciliationStatuses = ["ties", "differs", "unread", "failed"] as const;
export type ReconciliationStatus = (typeof reconciliationStatuses)[number];

export interface ReconciliationSummary {
  status: ReconciliationStatus;
  /** Fund checks that differ plus investor checks with differing investors. */
  differences: number;
}

/** What capital is still owed to a fund (beside its reconciliation): the exact total, how many positions owe it. */
export interface FundOutstanding {
  total: string | null;
  positions: number;
  capital_due_date: string | null;
  overdue: boolean;
  daysOverdue: number;
}
