import { type ColumnKind, type ColumnSpec, type PhoneRole, valueAt } from "../table/types";
import type { OutstandingRow } from "./types";

function field<const Id extends string>(
  id: Id,
  header: string,
  kind: ColumnKind = "text",
  path: string = id,
  phone?: PhoneRole,
): ColumnSpec<OutstandingRow, Id> {
  return { id, header, kind, value: (row) => valueAt(row, path), defaultVisible: true, phone };
}

const outstandingColumnsList = [
  field("fund", "Fund", "text", "fund.name", "detail"),
  field("name", "Investor", "text", "name", "title"),
  field("email", "Email"),
  field("total_capital_due", "Capital due", "money"),
  field("total_received", "Received", "money"),
  field("outstanding", "Outstanding", "money", "outstanding", "figure"),
  field("capital_due_date", "Due", "date"),
  field("daysOverdue", "Days overdue", "count", "daysOverdue", "figure"),
  field("paidSince", "Paid since", "money"),
  // Sorted by its due day; the file writes its state, due day and assignee as three columns.
  { ...field("followUp", "Follow-up", "date", "followUp.due", "detail"), csv: false },
] as const satisfies readonly ColumnSpec<OutstandingRow>[];

export type OutstandingColumnId = (typeof outstandingColumnsList)[number]["id"];
/** Capital outstanding's columns, defined once: the page, the server's sort and the CSV use them. */
export const outstandingColumns: readonly ColumnSpec<OutstandingRow, OutstandingColumnId>[] = outstandingColumnsList;
export const outstandingColumnIds: readonly OutstandingColumnId[] = outstandingColumns.map((column) => column.id);
