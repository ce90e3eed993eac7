// What changed between two kept reads, as the fund panel, the /changes page, the JSON routes and the CSV give it.

export const changeKinds = ["added", "removed", "paid", "called", "correction", "contact", "other"] as const;
export type ChangeKind = (typeof changeKinds)[number];

/** One field of one investor, before → after; amounts with their exact difference, masked values never shown. */
export interface FieldChange {
  /** The field's path in the record: "contributed_amount", "primary_contact.email". */
  field: string;
  kind: ChangeKind;
  before: string | null;
  after: string | null;
  /** after − before, exact, for amounts; null otherwise. */
  difference: string | null;
  /** A masked value (a tax id, an account number): said to have changed, never shown. */
  masked: boolean;
  amount: boolean;
}

export interface InvestorChange {
  investorId: string;
  name: string;
  change: "added" | "removed" | "changed";
  /** The commitment now (added) or last read (removed). */
  commitment: string | null;
  fields: FieldChange[];
}

export interface ReadSpan {
  readAt: string;
  lastSeenAt: string;
}

export interface FundFigureChange {
  key: string;
  before: string | null;
  after: string | null;
  difference: string | null;
}

/** One fund's changes since a moment: which two reads were compared, and what differs between them. */
export interface FundChanges {
  fund: { id: string; name: string };
  /** The moment compared from (ISO). */
  since: string;
  /** The fund's first kept read (ISO): nothing is said of before it. */
  historyStartsAt: string;
  /** The newest read at or before the moment; null when history starts after it (nothing compared). */
  before: ReadSpan | null;
  after: ReadSpan;
  /** Reads that failed between the two: "no change" cannot be claimed across them. */
  gap: { count: number; first: string | null; last: string | null } | null;
  capitalDueDate: string | null;
  /** Contact or bank details changed within 30 days before the fund's capital due date. */
  alert: boolean;
  figures: FundFigureChange[];
  counts: Record<ChangeKind, number>;
  investors: InvestorChange[];
  /** On a page of /changes, the investors shown when they are only some of the fund's: [from, to) of `of`. */
  part?: { from: number; to: number; of: number };
}

/** Which page of the view's changes: lines are investors changed, or a fund's own line when it has none. */
export interface ChangesPageInfo {
  number: number;
  pages: number;
  /** Lines a page holds. */
  size: number;
  /** Lines in the whole view. */
  lines: number;
}

/** GET /api/changes: a page of the organization's changes in the view, newest day first, each day's funds by name. */
export interface OrganizationChanges {
  since: string;
  /** How many funds had a kept read at or before the moment and were compared. */
  compared: number;
  /** Funds without a kept read at the moment, named as the directory names failed funds. */
  withoutHistory: { id: string; name: string; historyStartsAt: string | null }[];
  /** This page's changes; every fund and investor of the view is on one of the pages. */
  days: { day: string; funds: FundChanges[] }[];
  page: ChangesPageInfo;
  /** Every fund with changes in the view, on any page (the fund filter's choices). */
  funds: { id: string; name: string }[];
  /** Exact sums of each amount's differences over the view (every page), by field. */
  totals: Record<string, string>;
  counts: Record<ChangeKind, number>;
}
