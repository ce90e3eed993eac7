import { EMPTY, formatCount, formatDate, formatMoney, formatTimestampTitle } from "../values/format";
import { notProvided, type Statement } from "./types";

// A statement as lines of text, once: the page and the PDF both show these, so the screen says exactly what the PDF does.

export interface StatementLine {
  label: string;
  value: string;
  /** A word on how the figure was reached ("derived"), shown beside it. */
  note?: string;
  /** A total: drawn bold. */
  strong?: boolean;
}

export interface StatementSection {
  title: string;
  lines: StatementLine[];
}

const money = (value: string | null) => (value === null ? EMPTY : formatMoney(value));
const ratio = (value: string | null) => value ?? EMPTY;
/** A read's time as the statement names it: "2026-09-30 06:00:00.000 UTC". */
export const readTime = (iso: string) => formatTimestampTitle(iso) ?? iso;

/** The header's facts: fund, investor, account, period, the two reads, who produced it and when. */
export function statementHeader(statement: Statement): StatementLine[] {
  const { fund, investor, period, opening, closing, produced } = statement;
  const taxId = investor.taxId ? `${investor.taxId}${investor.taxIdType ? ` (${investor.taxIdType})` : ""}` : EMPTY;
  const openingNotes = [
    opening.late ? "late: the store holds no read of the fund before the period's start" : null,
    opening.joined ? "the investor is not in this read: opens at zero" : null,
  ].filter((note): note is string => note !== null);
  return [
    { label: "Fund", value: fund.legalName ?? fund.id },
    { label: "Investor", value: investor.legalName },
    { label: "Account", value: `Tax id ${taxId} · investor id ${investor.id}` },
    { label: "Period", value: `${period.label} (${formatDate(period.from)} – ${formatDate(period.to)}, UTC days)` },
    { label: "Opening read", value: readTime(opening.readAt), note: openingNotes.join("; ") || undefined },
    {
      label: "Closing read",
      value: readTime(closing.readAt),
      note: period.ongoing ? "the period is not over: it closes on the newest read so far" : undefined,
    },
    { label: "Produced", value: `${readTime(produced.at)} by ${produced.by}` },
  ];
}

/** The figures, by section, formatted exactly (every decimal kept, no currency: the API names none). */
export function statementSections(statement: Statement): StatementSection[] {
  const { account, commitment, capital, ratios } = statement.figures;
  return [
    {
      title: "Capital account",
      lines: [
        { label: "Net asset value at the opening read", value: money(account.openingNav) },
        { label: "Contributions in the period", value: money(account.contributions) },
        { label: "Distributions in the period", value: money(account.distributions) },
        { label: "Net change in value", value: money(account.netChange), note: "derived: the balancing figure" },
        { label: "Net asset value at the closing read", value: money(account.closingNav), strong: true },
      ],
    },
    {
      title: "Commitment",
      lines: [
        { label: "Commitment", value: money(commitment.commitment) },
        { label: "Contributed to date", value: money(commitment.contributedToDate) },
        { label: "Unfunded at the opening read", value: money(commitment.unfundedOpening) },
        { label: "Unfunded at the closing read", value: money(commitment.unfundedClosing) },
      ],
    },
    {
      title: "Capital due at the closing read",
      lines: [
        { label: "Capital due", value: money(capital.due) },
        { label: "Received", value: money(capital.received) },
        { label: "Outstanding", value: money(capital.outstanding) },
        { label: "Due date", value: capital.dueDate ? formatDate(capital.dueDate) : EMPTY },
        { label: "Days overdue", value: formatCount(capital.daysOverdue) },
      ],
    },
    {
      title: "Ratios at the closing read",
      lines: [
        { label: "DPI (distributions ÷ contributed)", value: ratio(ratios.dpi) },
        { label: "RVPI (net asset value ÷ contributed)", value: ratio(ratios.rvpi) },
        { label: "TVPI (DPI + RVPI)", value: ratio(ratios.tvpi) },
      ],
    },
  ];
}

/** What the statement says the API does not provide. */
export const notProvidedNote = `Not provided by the source's API, so not shown: ${notProvided.join("; ")}.`;

/** What the statement says of its amounts. */
export const amountsNote =
  "Amounts are exactly as kept from the source's reads, with no currency: the API does not say which currency a fund uses.";
