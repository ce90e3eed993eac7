import "server-only";
import type { Investor } from "../../data/investors";
import { normalizedEmail } from "./match-key";
import { heldFields, type Position, positionOf, searchTextOf } from "./positions";

// A list's positions kept as one JSON text per read (the store's reads.summary, compressed by TOAST), so a start
// reads one row per fund: at 100,000 positions the records' rows took 9.6 s to read back, their fields alone as long.
// Its amounts are named by `fields`, so a later list of held fields still reads an older summary, or refuses it.

// 2: each search text once (positionOf's searchTextOf); a 1 is read too, its search texts made so as it is read.
const version = 2;
const leading = 7; // investorId, name, email, investorType, invited, search, taxKey; then the amounts

/** The positions of a list read (masked records, the tax key of each) as the text the store keeps with the read. */
export function encodeSummary(investors: readonly Investor[], taxKeys: readonly (string | null)[]): string {
  const rows = investors.map((investor, at) => {
    const p = positionOf("", investor, taxKeys[at] ?? null);
    const head = [p.investorId, p.name, p.email, p.investorType, p.invited, p.search, p.taxKey];
    return [...head, ...heldFields.map((field) => p.amounts[field])];
  });
  return JSON.stringify({ v: version, fields: heldFields, rows });
}

type Row = [string, string, string | null, string, number | null, string, string | null, ...(string | null)[]];

/** The positions of a fund from a kept summary; null when it is of another format (its rows are read instead). */
export function decodeSummary(fundId: string, text: string): Position[] | null {
  let parsed: { v?: unknown; fields?: unknown; rows?: unknown };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    return null;
  }
  if ((parsed.v !== version && parsed.v !== 1) || !Array.isArray(parsed.fields) || !Array.isArray(parsed.rows))
    return null;
  const search = parsed.v === 1 ? (text: string) => searchTextOf(text.split("\u0000")) : (text: string) => text;
  const fields = parsed.fields as unknown[];
  const columns = heldFields.map((field) => fields.indexOf(field));
  if (columns.some((column) => column < 0)) return null;
  return (parsed.rows as Row[]).map((row) => ({
    fundId,
    investorId: row[0],
    name: row[1],
    email: row[2],
    investorType: row[3],
    invited: row[4],
    search: search(row[5]),
    taxKey: row[6],
    emailKey: normalizedEmail(row[2]),
    amounts: Object.fromEntries(heldFields.map((field, at) => [field, row[leading + columns[at]!] ?? null])) as Record<
      (typeof heldFields)[number],
      string | null
    >,
  }));
}
