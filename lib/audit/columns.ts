import { type ColumnKind, type ColumnSpec, type PhoneRole, valueAt } from "../table/types";
import type { AuditRow } from "./types";

function field<const Id extends string>(
  id: Id,
  header: string,
  path: string,
  kind: ColumnKind = "text",
  phone?: PhoneRole,
): ColumnSpec<AuditRow, Id> {
  return { id, header, kind, value: (row) => valueAt(row, path), defaultVisible: true, phone };
}

const auditColumnsList = [
  field("at", "When", "at", "date", "detail"),
  field("actor", "Person", "actor", "text", "detail"),
  field("action", "Action", "action", "text", "title"),
  field("outcome", "Outcome", "outcome", "text", "figure"),
  field("method", "Signed in with", "method"),
  field("organization", "Organization", "organization"),
  field("fund_id", "Fund id", "fundId"),
  field("investor_id", "Investor id", "investorId"),
  field("detail", "Detail", "detail"),
  field("source", "Source", "source"),
  field("client_address", "Client address", "clientAddress"),
  field("request_id", "Request id", "requestId"),
  field("id", "Row", "id", "count"),
] as const satisfies readonly ColumnSpec<AuditRow>[];

export type AuditColumnId = (typeof auditColumnsList)[number]["id"];
/** The audit trail's columns, defined once: the /audit table and its CSV and Excel files show them. */
export const auditColumns: readonly ColumnSpec<AuditRow, AuditColumnId>[] = auditColumnsList;
