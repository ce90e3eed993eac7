import { investorName, investorTypeOf, teamMembersText } from "../customer-api/names";
import type { Investor } from "../customer-api/schemas";
import type { StoreFollowUp } from "../store/model";
import { type ColumnKind, type ColumnSpec, type PhoneRole, valueAt } from "../table/types";

interface FieldOptions {
  searchable?: boolean;
  defaultVisible?: boolean;
  phone?: PhoneRole;
}

function field<const Id extends string>(
  id: Id,
  header: string,
  kind: ColumnKind = "text",
  options: FieldOptions = {},
): ColumnSpec<Investor, Id> {
  const path = id.split(".");
  return { id, header, kind, value: (investor) => valueAt(investor, path), ...options };
}

export { investorName, investorTypeOf, teamMembersText };

const shown = { defaultVisible: true } as const;
const searched = { searchable: true } as const;

/**
 * Every Investor field of the spec by its path, plus the derived Investor name. The table shows the
 * default-visible ones first (the column picker offers the rest) and the CSV export writes them all.
 */
const investorColumnsList = [
  {
    id: "name" as const,
    header: "Investor",
    kind: "text",
    value: investorName,
    searchable: true,
    defaultVisible: true,
    csv: false,
    phone: "title",
    paths: ["investment_account.display_name", "investment_account.legal_name", "primary_contact.full_name", "id"],
  },
  field("investment_account.investor_type", "Type", "text", { ...shown, phone: "detail" }),
  field("primary_contact.email", "Email", "text", { ...shown, ...searched }),
  field("commitment_amount", "Commitment", "money", { ...shown, phone: "figure" }),
  field("contributed_amount", "Contributed", "money", { ...shown, phone: "figure" }),
  field("unfunded_commitment_amount", "Unfunded", "money", shown),
  field("total_capital_due", "Total capital due", "money", shown),
  field("ownership_percent", "Ownership %", "percent", shown),
  field("date_invited", "Invited", "date", shown),
  field("contributed_at", "Contributed at", "date", shown),
  field("id", "Id"),
  field("investment_account.legal_name", "Legal name", "text", searched),
  field("investment_account.display_name", "Display name", "text", searched),
  field("investment_account.entity_type", "Entity type"),
  field("investment_account.entity_subtype", "Entity subtype"),
  field("investment_account.trust_type", "Trust type"),
  field("investment_account.trust_subtype", "Trust subtype"),
  field("investment_account.address.line_one", "Address line 1"),
  field("investment_account.address.line_two", "Address line 2"),
  field("investment_account.address.city", "City"),
  field("investment_account.address.state", "State"),
  field("investment_account.address.postal", "Postal code"),
  field("investment_account.address.country", "Country"),
  field("investment_account.phone_number", "Phone"),
  field("investment_account.fax_number", "Fax"),
  field("investment_account.joint_legal_name", "Joint legal name", "text", searched),
  field("investment_account.joint_email", "Joint email"),
  field("investment_account.tax_id_type", "Tax id type"),
  field("investment_account.tax_id", "Tax id"),
  {
    id: "investment_account.bank.bank_name" as const,
    header: "Bank name",
    kind: "text",
    // The field reference calls it `name`, the responses `bank_name`.
    value: (investor) => investor.investment_account?.bank?.bank_name ?? investor.investment_account?.bank?.name,
    paths: ["investment_account.bank.bank_name", "investment_account.bank.name"],
  },
  field("investment_account.bank.account_name", "Bank account name"),
  field("investment_account.bank.account_number", "Bank account number"),
  field("investment_account.bank.routing_number", "Routing number"),
  field("investment_account.bank.swift_code", "SWIFT"),
  field("investment_account.bank.additional_instructions", "Wire instructions"),
  field("primary_contact.first_name", "First name"),
  field("primary_contact.middle_name", "Middle name"),
  field("primary_contact.last_name", "Last name"),
  field("primary_contact.full_name", "Contact name"),
  {
    id: "team_members" as const,
    header: "Team members",
    kind: "text",
    value: teamMembersText,
    searchable: true,
    paths: ["team_members"],
  },
  field("management_fee_amount", "Management fee", "money"),
  field("management_fee_percent", "Management fee %", "percent"),
  field("expense_reserve_amount", "Expense reserve", "money"),
  field("total_received", "Total received", "money"),
  field("carry_percent", "Carry %", "percent"),
  field("life_distributions", "Life distributions", "money"),
  field("net_asset_value", "Net asset value", "money"),
  {
    id: "followUp" as const,
    header: "Follow-up",
    kind: "date",
    // Not the record's: a page's rows carry their next follow-up when this column is on screen (server/rows.ts).
    value: (investor) => (investor as WithFollowUp).followUp?.due,
    csv: false,
    paths: ["followUp"],
  },
] as const satisfies readonly ColumnSpec<Investor>[];

/** A row of the table with its next follow-up, when the column is on screen; null when it has none. */
export type WithFollowUp = Investor & { followUp?: StoreFollowUp | null };

/** The investor table's column ids, as literals: what `sort` and `cols` may name. */
export type InvestorColumnId = (typeof investorColumnsList)[number]["id"];
export const investorColumns: readonly ColumnSpec<Investor, InvestorColumnId>[] = investorColumnsList;
export const investorColumnIds: readonly InvestorColumnId[] = investorColumns.map((column) => column.id);
/** The columns the table sorts on: the records' own (the follow-up is a note's, shown beside them). */
export const sortableInvestorColumnIds = investorColumnIds.filter((id) => id !== "followUp");

export const defaultInvestorColumnIds: readonly InvestorColumnId[] = investorColumns
  .filter((c) => c.defaultVisible)
  .map((c) => c.id);

/** The columns on screen for a `cols` list from the URL: those, else the default ones. */
export function visibleInvestorColumnIds(cols: readonly InvestorColumnId[]): readonly InvestorColumnId[] {
  return cols.length > 0 ? cols : defaultInvestorColumnIds;
}

/** The spec's investor categories, plus "unknown" for an investor without one: always valid filter values. */
export const specInvestorTypes: readonly string[] = ["individual", "joint", "entity", "trust", "unknown"];
