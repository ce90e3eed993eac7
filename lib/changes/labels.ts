import { investorColumns } from "../investors/columns";
import { formatCount, formatMoney, formatPercent } from "../values/format";
import type { ChangeKind, FieldChange } from "./types";

// How a change reads: field names as the investor table heads them, amounts formatted from their decimal strings.

const headers = new Map<string, string>(investorColumns.map((column) => [column.id, column.header]));
const figureLabels: Record<string, string> = {
  total_commitments: "Total commitments",
  total_contributed: "Total contributed",
  total_received: "Total received",
  investor_count: "Investors",
};

export const kindLabels: Record<ChangeKind, string> = {
  added: "Added",
  removed: "Removed",
  paid: "Paid",
  called: "Called",
  correction: "Correction",
  contact: "Contact changed",
  other: "Other change",
};

/** "Contributed", "Email", else the field's path. */
export function fieldLabel(field: string): string {
  return headers.get(field) ?? figureLabels[field] ?? field;
}

/** An amount as shown; a percentage with its sign, a count without decimals. */
export function amountText(field: string, value: string | null): string {
  if (field === "investor_count") return formatCount(value);
  return field.endsWith("percent") ? formatPercent(value) : formatMoney(value);
}

/** "+10,000.00", "-250.50": an exact difference with its sign. */
export function differenceText(field: string, difference: string | null): string {
  if (difference === null) return "";
  const negative = difference.startsWith("-");
  return `${negative ? "-" : "+"}${amountText(field, negative ? difference.slice(1) : difference)}`;
}

/** "Contributed 0.00 → 10,000.00 (+10,000.00)"; "Tax id changed" for a masked value. */
export function changeText(change: FieldChange): string {
  const label = fieldLabel(change.field);
  if (change.masked) return `${label} changed`;
  if (!change.amount) return `${label} ${change.before ?? "—"} → ${change.after ?? "—"}`;
  const [before, after] = [amountText(change.field, change.before), amountText(change.field, change.after)];
  const difference = change.difference === null ? "" : ` (${differenceText(change.field, change.difference)})`;
  return `${label} ${before} → ${after}${difference}`;
}
