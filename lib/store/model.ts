import type { PositionAmountKey } from "./columns";

// What the read model is given by the code that reads (lib/fund-reads), worked out where the store cannot (names,
// investor keys from the deployment's secret): the store's own shapes, so plumbing imports no feature.

/** One position of a fund's current investor list, as the organization-wide views sort, filter and search it. */
export interface ModelPosition {
  investorId: string;
  name: string;
  /** The name as it sorts (accents and case folded, then the name itself). */
  nameSort: string;
  email: string | null;
  /** The email as matched: trimmed and lower-cased. */
  emailKey: string | null;
  /** The keyed hash of the tax id, worked out before the record was masked. */
  taxKey: string | null;
  investorType: string;
  /** When the invitation was sent (ISO), for the investor's latest details. */
  invited: string | null;
  /** Lower-cased texts a search matches, separated by U+001F. */
  search: string;
  /** The investor keys it may be grouped under: by tax id, by email, on its own (when it has neither). */
  taxGroup: string | null;
  emailGroup: string | null;
  ownGroup: string | null;
  amounts: Partial<Record<PositionAmountKey, unknown>>;
}

/** One fund of a source's funds list, in its place. */
export interface ModelFund {
  /** The upstream's id. */
  fundId: string;
  name: string;
  nameSort: string;
  /** Lower-cased names the header's search matches, separated by U+001F. */
  search: string;
  organization: string | null;
  /** The fund's own figures as the list gave them (investor_count, totals, calculation method, due date, target). */
  figures: Record<string, string | null>;
  /** The UTC day of its capital_due_date (YYYY-MM-DD), or null. */
  capitalDueDay: string | null;
}

/** The separator of search texts: no search holds it, so none matches across two texts. */
export const searchSeparator = "\u001f";

/**
 * Which funds a person's view covers, as the store compares them: every fund of the `whole` sources (by fingerprint),
 * and the funds of `parts` (a source's fingerprint and an organization, trimmed and lower-cased).
 */
export interface StoreScope {
  whole: readonly string[];
  parts: readonly { fingerprint: string; organization: string }[];
}

/** The directory's five amounts, each summed over an investor's positions. */
export const investorAmounts = [
  "commitment_amount",
  "contributed_amount",
  "unfunded_commitment_amount",
  "life_distributions",
  "net_asset_value",
] as const;
export type InvestorAmount = (typeof investorAmounts)[number];

/** One investor of the directory: their positions across the funds of a scope, matched. */
export type OrgInvestorRow = {
  /** Opaque and stable for the same data; reveals nothing about the person. */
  key: string;
  name: string;
  email: string | null;
  investor_type: string;
  /** How many funds the investor is in. */
  funds: number;
} & Record<InvestorAmount, string | null>;

/** What the directory sorts on. */
export const investorSorts = ["name", "investor_type", "email", "funds", ...investorAmounts] as const;
export type InvestorSort = (typeof investorSorts)[number];

export interface StoreSort<Id extends string> {
  id: Id;
  direction: "asc" | "desc";
}

/** One position that still owes capital, as capital outstanding lists it. */
export interface OrgOutstandingRow {
  fingerprint: string;
  fundId: string;
  fundName: string;
  investorId: string;
  name: string;
  email: string | null;
  total_capital_due: string | null;
  total_received: string | null;
  outstanding: string;
  /** The fund's capital_due_date as its funds list gave it. */
  capital_due_date: string | null;
  daysOverdue: number;
  /** What the position paid since the view's moment (total received now less then); null before the fund's history. */
  paidSince: string | null;
  /** Its next follow-up: the earliest due not done, else the last done; null when it has none yet. */
  followUp: StoreFollowUp | null;
}

export const outstandingSorts = [
  "fund",
  "name",
  "email",
  "total_capital_due",
  "total_received",
  "outstanding",
  "capital_due_date",
  "daysOverdue",
  "paidSince",
  "followUp",
] as const;
export type OutstandingSort = (typeof outstandingSorts)[number];

/** An investor added, removed or changed between a fund's two reads. */
export interface PositionChange {
  fundId: string;
  investorId: string;
  change: "added" | "removed" | "changed";
  name: string;
  /** The amounts that differ (numerically), each with before, after and the exact difference (after − before). */
  amounts: { key: PositionAmountKey; before: string | null; after: string | null; difference: string | null }[];
  /** Both records (masked as kept) when they differ as jsonb; null for an added or removed investor. */
  records: { before: Record<string, unknown>; after: Record<string, unknown> } | null;
}

/** A follow-up's states: open, waiting on the investor, done. */
export const followUpStates = ["open", "waiting", "done"] as const;
export type FollowUpState = (typeof followUpStates)[number];

/** A note's follow-up as the store keeps it: who, by which day (YYYY-MM-DD), in which state. */
export interface StoreFollowUp {
  assignee: string;
  assigneeName: string | null;
  due: string;
  state: FollowUpState;
}

/** One investor's line on a fund's statements page. */
export interface StatementRow {
  investorId: string;
  name: string;
  joined: boolean;
  closingNav: string | null;
  contributions: string | null;
  distributions: string | null;
}
