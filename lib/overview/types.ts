import type { FailedFund, DirectoryProgress } from "../directory/types";
import type { ReconciliationStatus } from "../reconciliation/types";

/** The organization's totals, each an exact decimal string (null when no fund gives the figure). */
export interface OverviewTotals {
  funds: number;
  target: string | null;
  commitments: string | null;
  contributed: string | null;
  received: string | null;
}

/** Totals over the positions of every fund read: null while the organization is still being read. */
export interface PositionTotals {
  unfunded: string | null;
  outstanding: string;
  overdue: string;
}

/** The directory's investors (the same person across funds counted once) and their count by type. */
export interface InvestorCounts {
  count: number;
  types: TypeCount[];
}

/** One bar of a chart: a fund (or "Others"), its values by series, and the view it links to. */
export interface ChartRow<Series extends string> {
  key: string;
  label: string;
  href: string;
  values: Record<Series, string | null>;
}

export type TargetSeries = "commitments" | "target";
export type OutstandingSeries = "overdue" | "notDue";

/** The organization's total contributed at the end of one UTC day, each fund's last kept figure carried forward. */
export interface ContributedPoint {
  day: string;
  total: string;
}

export type ContributedHistory = { points: ContributedPoint[]; error: null } | { points: []; error: string };

export interface TypeCount {
  value: string;
  count: number;
}

/** How many funds are in each reconciliation state. */
export type BooksState = Record<ReconciliationStatus, number>;

export interface Overview {
  totals: OverviewTotals;
  positions: PositionTotals | null;
  byTarget: ChartRow<TargetSeries>[];
  outstanding: ChartRow<OutstandingSeries>[];
  contributed: ContributedHistory;
  complete: boolean;
  progress: DirectoryProgress;
  failedFunds: FailedFund[];
}
