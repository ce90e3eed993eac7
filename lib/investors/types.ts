import type { Investor } from "../customer-api/schemas";

export type { Investor } from "../customer-api/schemas";

/** One page of a fund's investors in a view, with what the table needs about the whole view. */
export interface InvestorRowsPage {
  /**
   * The content digest of the list the page was cut from: later pages must come from the same list. None while the
   * list is still being read (a first screen served early).
   */
  version: string | null;
  /** False while the list is still arriving: counts are so far, totals and types are not known yet. */
  complete: boolean;
  /** While the list is read: records so far, and how many the fund says it has (its investor_count). */
  reading: { read: number; expected: number | null } | null;
  fetchedAt: string;
  /** A kept read from the store, served while the live read runs: the table asks again until it is live. */
  kept: boolean;
  /** Investors in the fund, and in this view (after search and filter). */
  total: number;
  matched: number;
  offset: number;
  /** The rows, each with only the fields of the columns asked for (and its id). */
  rows: Investor[];
  /** Exact totals of the amount columns over every row of the view, by column id. */
  totals: Record<string, string | null>;
  /** Investor types over the whole fund, for the filter. */
  types: { value: string; count: number }[];
  /** Longest on-screen length of the asked-for columns over the whole fund, so columns are sized once. */
  longest: Record<string, number>;
}

export interface InvestorNeighbours {
  /** 1-based place in the view, or null when the investor is not in it. */
  position: number | null;
  matched: number;
  previous: { id: string } | null;
  next: { id: string } | null;
}

/** One investor as their page shows them: the record, when it was read, and whether that read is being read again. */
export interface InvestorRead {
  investor: Investor;
  /** When the record was read (ms). */
  readAt: number;
  /** A kept read past the lists' age, served while the fund's list is read again: its time (ms); else null. */
  keptAt: number | null;
}
