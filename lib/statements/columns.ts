import type { ExportColumn } from "../csv/export-format";
import type { Statement } from "./types";

// A statement as one row of a file, defined once: the one investor's CSV and Excel, the fund's statements.csv and
// statements.xlsx and the CSV inside the zip all write these columns, every figure as computed (the moment it was
// produced is the PDF's and the audit trail's: a file's rows are the same whenever it is asked for).

type Column = ExportColumn<Statement>;
const text = (header: string, value: (row: Statement) => string | null): Column => ({ header, value, kind: "text" });
const money = (header: string, value: (row: Statement) => string | null): Column => ({ header, value, kind: "money" });
const date = (header: string, value: (row: Statement) => string | null): Column => ({ header, value, kind: "date" });
const flag = (header: string, value: (row: Statement) => boolean): Column => ({
  header,
  value: (row) => (value(row) ? "yes" : "no"),
  kind: "text",
});

export const statementColumns: readonly Column[] = [
  text("fund_id", (row) => row.fund.id),
  text("fund_legal_name", (row) => row.fund.legalName),
  text("investor_id", (row) => row.investor.id),
  text("investor_legal_name", (row) => row.investor.legalName),
  text("tax_id", (row) => row.investor.taxId),
  text("tax_id_type", (row) => row.investor.taxIdType),
  text("period", (row) => row.period.key),
  date("period_from", (row) => row.period.from),
  date("period_to", (row) => row.period.to),
  flag("period_ongoing", (row) => row.period.ongoing),
  date("opening_read_at", (row) => row.opening.readAt),
  flag("opening_late", (row) => row.opening.late),
  flag("opening_joined", (row) => row.opening.joined),
  date("closing_read_at", (row) => row.closing.readAt),
  money("opening_net_asset_value", (row) => row.figures.account.openingNav),
  money("contributions", (row) => row.figures.account.contributions),
  money("distributions", (row) => row.figures.account.distributions),
  money("net_change_in_value_derived", (row) => row.figures.account.netChange),
  money("closing_net_asset_value", (row) => row.figures.account.closingNav),
  money("commitment", (row) => row.figures.commitment.commitment),
  money("contributed_to_date", (row) => row.figures.commitment.contributedToDate),
  money("unfunded_opening", (row) => row.figures.commitment.unfundedOpening),
  money("unfunded_closing", (row) => row.figures.commitment.unfundedClosing),
  money("capital_due", (row) => row.figures.capital.due),
  money("capital_received", (row) => row.figures.capital.received),
  money("capital_outstanding", (row) => row.figures.capital.outstanding),
  date("capital_due_date", (row) => row.figures.capital.dueDate),
  { header: "days_overdue", value: (row) => String(row.figures.capital.daysOverdue), kind: "count" },
  text("dpi", (row) => row.figures.ratios.dpi),
  text("rvpi", (row) => row.figures.ratios.rvpi),
  text("tvpi", (row) => row.figures.ratios.tvpi),
  text("produced_by", (row) => row.produced.by),
];
