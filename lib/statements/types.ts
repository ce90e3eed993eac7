// A capital account statement's shapes, browser-safe: what the store gives of a position at a read, and the statement.

import type { StatementFigureKey } from "../store/columns";

/** The position's figures the statement reads, as kept (decimal strings; null when the read did not give one). */
export type PositionFigures = Record<StatementFigureKey, string | null>;

/** The capital account, opening → closing; `netChange` is derived as the balancing figure. */
export interface CapitalAccount {
  openingNav: string | null;
  contributions: string | null;
  distributions: string | null;
  netChange: string | null;
  closingNav: string | null;
}

export interface StatementFigures {
  account: CapitalAccount;
  commitment: {
    commitment: string | null;
    contributedToDate: string | null;
    unfundedOpening: string | null;
    unfundedClosing: string | null;
  };
  /** At the closing read: capital due, received, outstanding (due − received when above zero, else 0). */
  capital: {
    due: string | null;
    received: string | null;
    outstanding: string | null;
    dueDate: string | null;
    /** Whole UTC days past the due date at the closing read, when capital is outstanding; else 0. */
    daysOverdue: number;
  };
  /** To four decimals; null ("—") where contributed is zero or a figure is not given. */
  ratios: { dpi: string | null; rvpi: string | null; tvpi: string | null };
}

export interface StatementPeriod {
  key: string;
  label: string;
  from: string;
  to: string;
  /** Not over yet: it closes on the newest read so far. */
  ongoing: boolean;
}

/** One investor's statement for one period in one fund, as the page, the PDF and the files show it. */
export interface Statement {
  fund: { id: string; legalName: string | null };
  investor: { id: string; legalName: string; taxId: string | null; taxIdType: string | null };
  period: StatementPeriod;
  /**
   * The fund's read at or before the period's start; `late`: its first read within the period (the store holds none
   * before it); `joined`: that read does not hold the investor, who opens at zero.
   */
  opening: { readAt: string; late: boolean; joined: boolean };
  closing: { readAt: string };
  produced: { at: string; by: string };
  figures: StatementFigures;
}

/** The lines the API does not give, which a statement names rather than invents. */
export const notProvided = [
  "Realized and unrealized gains, apart (only their sum is derived, as the net change in value)",
  "Carried interest allocated",
  "Management fees and expenses charged in the period",
] as const;
