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
}

/** GET /api/changes: the organization's changes in the view, newest day first, each day's funds by name. */
export interface OrganizationChanges {
  since: string;
  /** How many funds had a kept read at or before the moment and were compared. */
  compared: number;
  /** Funds without a kept read at the moment, named as the directory names failed funds. */
  withoutHistory: { id: string; name: string; historyStartsAt: string | null }[];
  days: { day: string; funds: FundChanges[] }[];
  /** Exact sums of each amount's differences over the view, by field. */
  totals: Record<string, string>;
  counts: Record<ChangeKind, number>;
}
