import type { Investor } from "../customer-api/schemas";

/** How a person was recognised across funds: by their tax id, by their email, or not at all (one position). */
export type MatchedBy = "tax_id" | "email" | "none";

/** A fund the directory could not read, named wherever the directory is shown. */
export interface FailedFund {
  id: string;
  name: string;
  /** The status our own API gives for that fund's list (504 for a timeout). */
  status: number;
  message: string;
}

export interface DirectoryProgress {
  /** Funds tried (read or failed) and funds in all. */
  read: number;
  total: number;
  /** The funds so far are this start's kept reads, still loading from the store (not live reads). */
  loadingKept?: boolean;
}

/** The five amounts summed across a person's positions, as exact decimal strings (null when none has one). */
export type DirectoryTotals = {
  commitment_amount: string | null;
  contributed_amount: string | null;
  unfunded_commitment_amount: string | null;
  life_distributions: string | null;
  net_asset_value: string | null;
};

/** One investor across the organization's funds. */
export type DirectoryRow = DirectoryTotals & {
  /** Opaque and stable for the same data; reveals nothing about the person. */
  key: string;
  name: string;
  email: string | null;
  investor_type: string;
  /** How many funds the investor is in. */
  funds: number;
};

/** GET /api/investors: a page of the directory's view. */
export interface DirectoryPage {
  /** The complete directory's content version: later pages must come from it. Null while funds are being read. */
  version: string | null;
  total: number;
  matched: number;
  offset: number;
  rows: DirectoryRow[];
  totals: DirectoryTotals;
  progress: DirectoryProgress;
  /** The first ten of the funds the directory misses (lib/directory/failed-funds.ts); failedCount counts them all. */
  failedFunds: FailedFund[];
  failedCount: number;
  /** Every fund has been tried (read or failed). */
  complete: boolean;
  /** When the funds were read (the oldest read in use), ISO; null before any. */
  asOf: string | null;
  /** While some funds are served from their kept reads (the live reads running): the oldest such read, ISO. */
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
