import { type ColumnKind, type ColumnSpec, type PhoneRole, valueAt } from "../table/types";
import type { DirectoryRow } from "./types";

function field<const Id extends string>(
  id: Id,
  header: string,
  kind: ColumnKind = "text",
  phone?: PhoneRole,
): ColumnSpec<DirectoryRow, Id> {
  return { id, header, kind, value: (row) => valueAt(row, id), defaultVisible: true, phone };
}

const directoryColumnsList = [
  field("name", "Investor", "text", "title"),
  field("investor_type", "Type"),
  field("email", "Email", "text", "detail"),
  field("funds", "Funds", "count"),
  field("commitment_amount", "Commitment", "money", "figure"),
  field("contributed_amount", "Contributed", "money", "figure"),
  field("unfunded_commitment_amount", "Unfunded", "money"),
  field("life_distributions", "Life distributions", "money"),
  field("net_asset_value", "Net asset value", "money"),
] as const satisfies readonly ColumnSpec<DirectoryRow>[];

/** The directory's column ids, as literals: what `sort` may name. */
export type DirectoryColumnId = (typeof directoryColumnsList)[number]["id"];
/** The investor directory's columns, defined once: the page, the server's sort and the CSV all use them. */
export const directoryColumns: readonly ColumnSpec<DirectoryRow, DirectoryColumnId>[] = directoryColumnsList;
export const directoryColumnIds: readonly DirectoryColumnId[] = directoryColumns.map((column) => column.id);
