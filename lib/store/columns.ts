// What the store keeps in columns of a record it is given (the record itself is kept whole, as jsonb).

const plainDecimal = /^[+-]?\d+(\.\d+)?$/;

/** A value for a numeric column: a plain decimal as a string (leading "+" dropped), else null. Never a float. */
export function decimalOrNull(value: unknown): string | null {
  if (typeof value === "bigint") return value.toString();
  if (typeof value !== "string" && !(typeof value === "number" && Number.isFinite(value))) return null;
  const text = String(value).trim();
  // A number's String() may be exponential (1e21): not a plain decimal, so it stays in the jsonb only.
  if (!plainDecimal.test(text)) return null;
  return text.startsWith("+") ? text.slice(1) : text;
}

/** An integer column's value (an investor count), else null. */
export function integerOrNull(value: unknown): number | null {
  const text = decimalOrNull(value);
  if (text === null || !/^-?\d+$/.test(text)) return null;
  const number = Number(text);
  return Number.isSafeInteger(number) && Math.abs(number) <= 2 ** 31 - 1 ? number : null;
}

const object = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const trimmed = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : typeof value === "number" ? String(value) : null;

export const positionAmountKeys = [
  "commitment_amount",
  "contributed_amount",
  "unfunded_commitment_amount",
  "total_received",
  "total_capital_due",
  "life_distributions",
  "net_asset_value",
  "ownership_percent",
  "management_fee_amount",
  "expense_reserve_amount",
] as const;

export type PositionAmountKey = (typeof positionAmountKeys)[number];

/** The amounts a capital account statement reads of a position (all but the percentages and the fee splits). */
export type StatementFigureKey = Exclude<
  PositionAmountKey,
  "ownership_percent" | "management_fee_amount" | "expense_reserve_amount"
>;
const notOnStatements = new Set<PositionAmountKey>([
  "ownership_percent",
  "management_fee_amount",
  "expense_reserve_amount",
]);
export const statementFigureKeys = positionAmountKeys.filter(
  (key): key is StatementFigureKey => !notOnStatements.has(key),
);

/** The columns of one position: its ids, the name shown for it, the email it is forgotten by, its amounts. */
export function positionColumns(record: Record<string, unknown>) {
  const account = object(record.investment_account);
  const contact = object(record.primary_contact);
  const investorId = trimmed(record.id) ?? "";
  const email = trimmed(contact.email)?.toLowerCase() ?? null;
  const name = trimmed(account.display_name) ?? trimmed(account.legal_name) ?? trimmed(contact.full_name) ?? investorId;
  const amounts = Object.fromEntries(positionAmountKeys.map((key) => [key, decimalOrNull(record[key])]));
  return { investorId, name, email, amounts: amounts as Record<PositionAmountKey, string | null> };
}

/** The figures a fund's investor list is kept with, from the fund's record read with the funds list. */
export function fundFigures(fund: Record<string, unknown> | null) {
  return {
    totalCommitments: decimalOrNull(fund?.total_commitments),
    totalContributed: decimalOrNull(fund?.total_contributed),
    totalReceived: decimalOrNull(fund?.total_received),
    investorCount: integerOrNull(fund?.investor_count),
  };
}

/** The email positions are forgotten by: lower-cased and trimmed, as they are kept. */
export const normalEmail = (email: string | null) => (email?.trim() ? email.trim().toLowerCase() : null);
