import type { CsvColumn } from "../csv/stream";
import type { FundChanges } from "./types";

/** One field change as a CSV row: which fund, which investor, what kind, before → after, between which reads. */
export interface ChangeRow {
  fund_id: string;
  fund_name: string;
  investor_id: string;
  investor_name: string;
  kind: string;
  field: string;
  before: string | null;
  after: string | null;
  difference: string | null;
  before_read_at: string | null;
  after_read_at: string;
}

const keys = [
  "fund_id",
  "fund_name",
  "investor_id",
  "investor_name",
  "kind",
  "field",
  "before",
  "after",
  "difference",
  "before_read_at",
  "after_read_at",
] as const satisfies readonly (keyof ChangeRow)[];

/** The changes CSV's columns, in the order. */
export const changeCsvColumns: CsvColumn<ChangeRow>[] = keys.map((key) => ({
  header: key,
  value: (row) => row[key],
  // Typed where a file format types cells (xlsx): before and after hold text fields too, so they stay text.
  kind: key === "difference" ? "money" : key.endsWith("_read_at") ? "date" : "text",
}));

/** A fund's changes as rows: one per changed field, one per investor added or removed (its commitment). */
export function changeRows(changes: FundChanges): ChangeRow[] {
  const reads = { before_read_at: changes.before?.lastSeenAt ?? null, after_read_at: changes.after.readAt };
  const fund = { fund_id: changes.fund.id, fund_name: changes.fund.name };
  return changes.investors.flatMap((investor) => {
    const who = { ...fund, investor_id: investor.investorId, investor_name: investor.name, ...reads };
    if (investor.change !== "changed") {
      const added = investor.change === "added";
      const commitment = investor.commitment;
      const difference = commitment === null ? null : added ? commitment : negated(commitment);
      const values = added ? { before: null, after: commitment } : { before: commitment, after: null };
      return [{ ...who, kind: investor.change, field: "commitment_amount", ...values, difference }];
    }
    return investor.fields.map((field) => ({
      ...who,
      kind: field.kind,
      field: field.field,
      // A masked value is never written: the row says it changed.
      before: field.masked ? null : field.before,
      after: field.masked ? "changed" : field.after,
      difference: field.difference,
    }));
  });
}

const negated = (decimal: string) => (decimal.startsWith("-") ? decimal.slice(1) : `-${decimal}`);
