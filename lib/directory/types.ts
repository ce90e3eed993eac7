import type { Investor } from "../customer-api/schemas";
import type { DirectoryProgress, FailedFund } from "../organization/types";
import type { InvestorAmount, OrgInvestorRow } from "../store/model";

export type { DirectoryProgress, FailedFund };

/** How a person was recognised across funds: by their tax id, by their email, or not at all (one position). */
export type MatchedBy = "tax_id" | "email" | "none";

/** The five amounts summed across a person's positions, as exact decimal strings (null when none has one). */
export type DirectoryTotals = Record<InvestorAmount, string | null>;

/** One investor across the organization's funds (as the store's read model gives it). */
export type DirectoryRow = OrgInvestorRow;

/** GET /api/investors: a page of the directory's view. */
export interface DirectoryPage {
  /** The complete directory's content version: later pages must come from it. Null while funds are being read. */
  version: string | null;
  total: number;
  matched: number;
  offset: number;
  rows: DirectoryRow[];
  /** Where the next page starts (keyset), null at the end of the view. */
  next: string | null;
  totals: DirectoryTotals;
  progress: DirectoryProgress;
  /** The first ten of the funds the directory misses (lib/organization/failed-funds.ts); failedCount counts them all. */
  failedFunds: FailedFund[];
  failedCount: number;
  /** Every fund has been tried (read or failed). */
  complete: boolean;
  /** A round of reads is under way (a Refresh, or the one due): the page asks again until it is over. */
  reading: boolean;
  /** When the funds were read (the oldest read in use), ISO; null before any. */
  asOf: string | null;
  /** When a fund's read is older than the refresh interval (its round is due or under way): the oldest read, ISO. */
  kept: string | null;
  /** Investor types over the whole directory, for the filter. */
  types: { value: string; count: number }[];
  /** Each column's longest value on screen over the whole directory, so columns are sized once. */
  longest: Record<string, number>;
}

/** GET /api/investors/{key}: one investor across funds. */
export interface InvestorAcrossFunds {
  key: string;
  matchedBy: MatchedBy;
  positions: { fund: { id: string; name: string }; investor: Investor }[];
  totals: DirectoryTotals;
}

/** GET /api/search: funds and investors matching what was typed, best first. */
export interface SearchResults {
  funds: { id: string; name: string; organization: string | null }[];
  investors: { key: string; name: string; email: string | null; funds: number }[];
  /** While funds are still being read, how far: an investor of a fund not read yet is not among the matches. */
  reading: DirectoryProgress | null;
  /** Funds whose investors could not be read, so none of theirs is among the matches: the first ten, and how many. */
  failedFunds: FailedFund[];
  failedCount: number;
}
