import "server-only";
import type { Investor } from "../../customer-api/schemas";
import type { ListCollector } from "../../data/investors";
import type { RecordShape } from "../../store/server";
import { investorName, investorTypeOf, teamMembersText } from "../../investors/columns";
import { parseTimestamp } from "../../values/format";
import { normalizedEmail } from "./match-key";

export const amountFields = [
  "commitment_amount",
  "contributed_amount",
  "unfunded_commitment_amount",
  "life_distributions",
  "net_asset_value",
] as const;

export type AmountField = (typeof amountFields)[number];

/** The figures kept of each position: the directory's sums, and what reconciliation and capital outstanding need. */
export const heldFields = [
  ...amountFields,
  "total_received",
  "ownership_percent",
  "total_capital_due",
  "management_fee_amount",
  "expense_reserve_amount",
] as const;

export type HeldField = (typeof heldFields)[number];

/** What matching needs of a position: its tax id as a keyed hash, and its contact email as compared. */
export interface Matchable {
  taxKey: string | null;
  emailKey: string | null;
}

/** What the directory keeps of one investor's position in one fund: never the whole record. */
export interface Position extends Matchable {
  fundId: string;
  investorId: string;
  name: string;
  email: string | null;
  investorType: string;
  /** When the invitation was sent (ms), for the person's latest details; null when unknown. */
  invited: number | null;
  /** Lower-cased text searched: names, emails, joint name, team members, the tax id's last 4 characters. */
  search: string;
  amounts: Record<HeldField, string | null>;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/** Every field of a record positionOf reads: what a start takes back from the store (kept.ts). */
export const positionShape = {
  id: true,
  investment_account: {
    display_name: true,
    legal_name: true,
    joint_legal_name: true,
    tax_id: true,
    investor_type: true,
  },
  primary_contact: { full_name: true, email: true },
  team_members: true,
  date_invited: true,
  ...Object.fromEntries(heldFields.map((field) => [field, true])),
} as const satisfies RecordShape;

/**
 * What a search matches of a position: each text once, lower-cased, NUL-separated (no search holds a NUL, so none
 * matches across two). Once: a name is often the legal and display name too, a third of the text held per position.
 */
export function searchTextOf(parts: readonly (string | null | undefined)[]): string {
  return [...new Set(parts.filter((part): part is string => !!part).map((part) => part.toLowerCase()))].join("\u0000");
}

/** A position from a masked investor record and the tax key worked out before it was masked. */
export function positionOf(fundId: string, investor: Investor, taxKey: string | null): Position {
  const account = investor.investment_account;
  const email = text(investor.primary_contact?.email);
  const taxLast4 = text(account?.tax_id)?.slice(-4) ?? null;
  const searched = [
    investorName(investor),
    account?.legal_name,
    account?.display_name,
    email,
    account?.joint_legal_name,
    teamMembersText(investor),
    taxLast4,
  ];
  return {
    fundId,
    investorId: investor.id,
    name: investorName(investor),
    email,
    investorType: investorTypeOf(investor),
    invited: parseTimestamp(investor.date_invited)?.getTime() ?? null,
    search: searchTextOf(searched),
    amounts: Object.fromEntries(heldFields.map((field) => [field, text(investor[field])])) as Record<
      HeldField,
      string | null
    >,
    taxKey,
    emailKey: normalizedEmail(email),
  };
}

/** A list read that keeps only the directory's positions of a fund. */
export function positionsCollector(fundId: string): ListCollector<Investor, Position[], string | null> {
  const positions: Position[] = [];
  return { add: (investor, taxKey) => positions.push(positionOf(fundId, investor, taxKey)), done: () => positions };
}
