import type { DirectoryProgress, FailedFund } from "../organization/types";
import type { StoreFollowUp } from "../store/model";

/** A position with capital still owed to its fund. */
export interface OutstandingRow {
  fund: { id: string; name: string };
  investorId: string;
  name: string;
  email: string | null;
  total_capital_due: string | null;
  total_received: string | null;
  outstanding: string;
  capital_due_date: string | null;
  daysOverdue: number;
  /** What the position paid since the view's `since` (exact); null before the fund's kept history starts. */
  paidSince: string | null;
  /** Its next follow-up (the earliest due not done, else the last done): who, by when, in which state; null: none yet. */
  followUp: StoreFollowUp | null;
}

/** GET /api/outstanding */
export interface OutstandingPage {
  /** The rows' version (the complete directory's, on this day): later pages must come from it. Null while reading. */
  version: string | null;
  total: number;
  matched: number;
  offset: number;
  rows: OutstandingRow[];
  /** Where the next page starts (keyset), null at the end of the view. */
  next: string | null;
  totals: { outstanding: string | null };
  progress: DirectoryProgress;
  /** The first ten of the funds it misses; failedCount counts them all. */
  failedFunds: FailedFund[];
  failedCount: number;
  complete: boolean;
  /** A round of reads is under way (a Refresh, or the one due): the page asks again until it is over. */
  reading: boolean;
  /** When the funds were read (the oldest read in use), ISO; null before any. */
  asOf: string | null;
  /** When a fund's read is older than the refresh interval (its round is due or under way): the oldest read, ISO. */
  kept: string | null;
  longest: Record<string, number>;
}

/**
 * GET /api/outstanding/funds: the funds with capital outstanding, for the fund filter. Apart from the page, which would
 * otherwise carry every fund's name into each page's HTML (650 KB of 2,000 funds' options at 2,000 funds).
 */
export interface OutstandingFunds {
  funds: { id: string; name: string; count: number }[];
}
