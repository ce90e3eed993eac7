import { fundName } from "../customer-api/names";
import type { ReconciliationSummary } from "../reconciliation/types";
import type { Fund, FundGridRow } from "./types";
import { type ColumnKind, type ColumnSpec, columnPaths, type PhoneRole, pickPaths, valueAt } from "../table/types";

function field<T, const Id extends string = string>(
  id: Id,
  header: string,
  kind: ColumnKind = "text",
  searchable = kind === "text",
): ColumnSpec<T, Id> {
  return { id, header, kind, searchable, value: (fund) => valueAt(fund, id) };
}

/** A reconciliation line as a number to sort by: 0 for ties, the differences otherwise, nothing when not read. */
export function reconciliationRank(summary: ReconciliationSummary | undefined): number | null {
  if (!summary || summary.status === "unread" || summary.status === "failed") return null;
  return summary.differences;
}

export { fundName };

/** A grid column that a phone's card of the fund shows too. */
const onPhone = <C extends ColumnSpec<FundGridRow>>(column: C, phone: PhoneRole): C => ({ ...column, phone });

/** The Funds grid's columns, in order. */
const fundGridColumnsList = [
  {
    id: "name" as const,
    header: "Fund",
    kind: "text",
    searchable: true,
    value: fundName,
    csv: false,
    phone: "title",
    paths: ["legal_entity.display_name", "legal_entity.legal_name", "id"],
  },
  onPhone(field("organization_name", "Organization"), "detail"),
  field("portfolio_company_legal_name", "Portfolio company"),
  field("round_type", "Round"),
  field("security_type", "Security"),
  field("target_size", "Target size", "money"),
  onPhone(field("total_commitments", "Commitments", "money"), "figure"),
  onPhone(field("total_contributed", "Contributed", "money"), "figure"),
  field("investor_count", "Investors", "count"),
  field("created_at", "Created", "date"),
  {
    id: "reconciliation" as const,
    header: "Reconciliation",
    kind: "count",
    // Sorts ties first, then by how many differences; funds not read (yet) last.
    value: (fund) => reconciliationRank(fund.reconciliation),
    csv: false,
    paths: ["id"],
  },
] as const satisfies readonly ColumnSpec<FundGridRow>[];

/** The grid's column ids, as literals: what `sort` may name. */
export type FundGridColumnId = (typeof fundGridColumnsList)[number]["id"];
export const fundGridColumns: readonly ColumnSpec<FundGridRow, FundGridColumnId>[] = fundGridColumnsList;
export const fundGridColumnIds: readonly FundGridColumnId[] = fundGridColumns.map((column) => column.id);

const gridPaths = columnPaths(fundGridColumns);

/** Only what the grid shows, sorts and searches: the browser holds 2,000 of these, not 2,000 full funds. */
export function fundGridRow(fund: Fund): FundGridRow {
  return pickPaths(fund, gridPaths) as FundGridRow;
}

/** Every field of a Fund in the spec, by field path: the CSV export's columns. */
export const fundFieldColumns: readonly ColumnSpec<Fund>[] = [
  field("id", "Id", "text", false),
  field("legal_entity.display_name", "Display name"),
  field("legal_entity.legal_name", "Legal name"),
  field("legal_entity.type", "Legal entity type"),
  field("legal_entity.formation_date", "Formation date", "date"),
  field("legal_entity.formation_state", "Formation state"),
  field("legal_entity.tax_id_type", "Tax id type"),
  field("legal_entity.tax_id", "Tax id", "text", false),
  field("organization_name", "Organization"),
  field("portfolio_company_legal_name", "Portfolio company"),
  field("round_type", "Round"),
  field("security_type", "Security"),
  field("calculation_method", "Calculation method"),
  field("carry_percent", "Carry %", "percent"),
  field("management_fee_percent", "Management fee %", "percent"),
  field("minimum_investment", "Minimum investment", "money"),
  field("expense_reserve", "Expense reserve", "money"),
  field("target_size", "Target size", "money"),
  field("total_commitments", "Total commitments", "money"),
  field("total_contributed", "Total contributed", "money"),
  field("total_received", "Total received", "money"),
  field("investor_count", "Investors", "count"),
  field("sign_by_date", "Sign-by date", "date"),
  field("capital_due_date", "Capital due date", "date"),
  field("created_at", "Created", "date"),
  field("deal_description", "Deal description"),
  field("bank.name", "Bank name"),
  field("bank.account_name", "Bank account name"),
  field("bank.account_number", "Bank account number", "text", false),
  field("bank.routing_number", "Routing number", "text", false),
  field("bank.swift_code", "SWIFT", "text", false),
  field("bank.additional_instructions", "Wire instructions", "text", false),
];
