import Big from "big.js";
import { outstandingOf, overdueOf } from "../reconciliation/outstanding";
import { DecimalSum } from "../values/decimal";
import { decimalText } from "../values/format";
import type { RawValue } from "../values/raw-value";
import type { OverviewTotals } from "./types";

// The Overview's sums, pure and exact (big.js): the page and the tests share them.

/** What the totals need of a fund in the funds list: its own figures, as the API gave them. */
export interface FundFigureRecord {
  target_size?: RawValue;
  total_commitments?: RawValue;
  total_contributed?: RawValue;
  total_received?: RawValue;
}

/** Totals over every fund in the funds list, from the funds' own figures. */
export function fundTotals(funds: readonly FundFigureRecord[]): OverviewTotals {
  const target = new DecimalSum();
  const commitments = new DecimalSum();
  const contributed = new DecimalSum();
  const received = new DecimalSum();
  for (const fund of funds) {
    target.add(fund.target_size);
    commitments.add(fund.total_commitments);
    contributed.add(fund.total_contributed);
    received.add(fund.total_received);
  }
  return {
    funds: funds.length,
    target: target.total,
    commitments: commitments.total,
    contributed: contributed.total,
    received: received.total,
  };
}

/** A decimal as big.js takes it (no leading "+"), or zero when it is not a plain decimal. */
export function bigOf(value: RawValue): Big {
  const text = decimalText(value);
  return new Big(text === null ? 0 : text.replace(/^\+/, ""));
}

/** The `limit` largest items by size (exact order, ties in their given order) and the rest, for an "Others" bar. */
export function topWithOthers<T>(
  items: readonly T[],
  sizeOf: (item: T) => RawValue,
  limit = 12,
): { top: T[]; others: T[] } {
  const sized = items.map((item, at) => ({ item, at, size: bigOf(sizeOf(item)) }));
  sized.sort((a, b) => b.size.cmp(a.size) || a.at - b.at);
  return {
    top: sized.slice(0, limit).map((entry) => entry.item),
    others: sized.slice(limit).map((entry) => entry.item),
  };
}

/** What the position totals need of a fund: its capital due date and each position's amounts. */
export interface FundPositions {
  id: string;
  name: string;
  figures: { capital_due_date?: string | null };
  positions: readonly {
    amounts: {
      unfunded_commitment_amount: string | null;
      total_capital_due: string | null;
      total_received: string | null;
    };
  }[];
}

/** A fund's capital outstanding, split into overdue and not yet due (the due date is the fund's, so one is zero). */
export interface FundOutstanding {
  id: string;
  name: string;
  outstanding: string;
  overdue: string;
  notDue: string;
}

/** Each fund's capital outstanding (funds owing nothing left out) and the organization's unfunded commitments. */
export function positionSums(
  funds: readonly FundPositions[],
  now: number,
): { unfunded: string | null; byFund: FundOutstanding[] } {
  const unfunded = new DecimalSum();
  const byFund: FundOutstanding[] = [];
  for (const fund of funds) {
    const owed = new DecimalSum();
    for (const position of fund.positions) {
      unfunded.add(position.amounts.unfunded_commitment_amount);
      owed.add(outstandingOf(position.amounts));
    }
    if (owed.total === null) continue;
    const overdue = overdueOf(fund.figures.capital_due_date, now).overdue;
    const [late, notDue] = overdue ? [owed.total, "0"] : ["0", owed.total];
    byFund.push({ id: fund.id, name: fund.name, outstanding: owed.total, overdue: late, notDue });
  }
  return { unfunded: unfunded.total, byFund };
}

/** Exact sum of decimal strings, "0" when there are none. */
export function sumOf(values: Iterable<RawValue>): string {
  const sum = new DecimalSum();
  for (const value of values) sum.add(value);
  return sum.total ?? "0";
}
