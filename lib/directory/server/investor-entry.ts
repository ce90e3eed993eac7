import "server-only";
import { displayLength } from "../../values/display-length";
import { ScaledColumn, type ScaledDecimal, scaledDecimal, scaledText, sumScaled } from "../../values/scaled-column";
import { directoryColumns } from "../columns";
import type { DirectoryRow, DirectoryTotals, MatchedBy } from "../types";
import { investorKey } from "../../fund-reads/server/match-key";
import { type AmountField, amountFields, type Position } from "../../fund-reads/server/positions";

/** One investor of the directory, worked out once from their positions (and again only when those change). */
export interface InvestorEntry {
  row: DirectoryRow;
  matchedBy: MatchedBy;
  /** The investor's positions; the position itself when only one (most investors: a list of one is 56 bytes more). */
  positions: Position | readonly Position[];
  /** Lower-cased text of every position, NUL-separated: what the directory's searches match. */
  haystack: string;
}

/** An investor's entry, and what an index lays out of it in its columns. */
export interface WorkedOut {
  entry: InvestorEntry;
  /** Each money column's sum as a scaled integer (amountFields' order), for exact totals and orders. */
  sums: readonly (ScaledDecimal | null)[];
  /** Each column's length on screen (directoryColumns' order), for the columns' widths. */
  lengths: readonly number[];
}

/** An entry's positions as a list. */
export function positionsOf(entry: InvestorEntry): readonly Position[] {
  return Array.isArray(entry.positions) ? entry.positions : [entry.positions as Position];
}

/** The five sums, each worked out by `sum`. */
export function totalsOf(sum: (field: AmountField) => string | null): DirectoryTotals {
  return {
    commitment_amount: sum("commitment_amount"),
    contributed_amount: sum("contributed_amount"),
    unfunded_commitment_amount: sum("unfunded_commitment_amount"),
    life_distributions: sum("life_distributions"),
    net_asset_value: sum("net_asset_value"),
  };
}

/** The opaque key of the investor a group of positions is: by its tax key or email, else its only position. */
export function entryKey(matchedBy: MatchedBy, by: string | null, positions: readonly Position[]): string {
  const first = positions[0]!;
  return investorKey({ matchedBy, value: by ?? `${first.fundId}:${first.investorId}` });
}

/** An investor from their positions, in order (the first of two equally recent invitations gives the details). */
export function investorEntry(key: string, matchedBy: MatchedBy, positions: readonly Position[]): WorkedOut {
  // The person's details are those of their most recently invited position.
  const latest = positions.reduce((best, position) =>
    (position.invited ?? -Infinity) > (best.invited ?? -Infinity) ? position : best,
  );
  // Exact sums in BigInt, written as big.js writes them.
  const sums = amountFields.map((field) =>
    positions.length === 1
      ? scaledDecimal(positions[0]!.amounts[field])
      : sumScaled(positions.map((position) => scaledDecimal(position.amounts[field]))),
  );
  const only = positions.length === 1 ? positions[0]! : null;
  const [commitment, contributed, unfunded, distributions, nav] = sums.map((sum, at) => {
    if (sum === null) return null;
    const text = scaledText(sum.units, sum.scale);
    // One position's own amount when it reads the same: the row holds no second copy of it (1,000,000 rows).
    return only?.amounts[amountFields[at]!] === text ? only.amounts[amountFields[at]!]! : text;
  });
  const row: DirectoryRow = {
    key,
    name: latest.name,
    email: latest.email,
    investor_type: latest.investorType,
    funds: positions.length === 1 ? 1 : new Set(positions.map((p) => p.fundId)).size,
    commitment_amount: commitment!,
    contributed_amount: contributed!,
    unfunded_commitment_amount: unfunded!,
    life_distributions: distributions!,
    net_asset_value: nav!,
  };
  // One position (most investors): its own search text, not a copy; several: each distinct text once.
  const haystack =
    positions.length === 1 ? positions[0]!.search : [...new Set(positions.map((p) => p.search))].join("\u0000");
  return {
    entry: { row, matchedBy, positions: only ?? positions, haystack },
    sums,
    lengths: directoryColumns.map((column) => displayLength(column.kind, column.value(row))),
  };
}

/** What an index is made of: its investors in order, and what its views need of them all. */
export interface IndexParts {
  entries: readonly InvestorEntry[];
  /** The entries' rows, in the same order. */
  rows: readonly DirectoryRow[];
  /** The rows' money columns (amountFields' order). */
  money: readonly ScaledColumn[];
  /** Each column's longest row value on screen (directoryColumns' order). */
  widths: readonly number[];
  /** How many rows have each investor type. */
  types: ReadonlyMap<string, number>;
}

/** The parts of an index over these investors, in this order, worked out directly from them. */
export function partsOf(investors: readonly WorkedOut[]): IndexParts {
  const types = new Map<string, number>();
  for (const { entry } of investors) types.set(entry.row.investor_type, (types.get(entry.row.investor_type) ?? 0) + 1);
  return {
    entries: investors.map(({ entry }) => entry),
    rows: investors.map(({ entry }) => entry.row),
    money: amountFields.map((_, at) => ScaledColumn.of(investors.map(({ sums }) => sums[at]!))),
    widths: directoryColumns.map((_, at) =>
      investors.reduce((longest, { lengths }) => Math.max(longest, lengths[at]!), 0),
    ),
    types,
  };
}
