import { isSecretKey } from "../customer-api/mask";
import { positionAmountKeys } from "../store/columns";
import type { ChangeKind, FieldChange } from "./types";

// Which kind of change each field change is, and the record's other fields compared leaf by leaf (masked as kept).

const amountKeys = new Set<string>(positionAmountKeys);
const onlyGrow = new Set(["contributed_amount", "total_received"]);
const contactPath = /(^|\.)[^.]*(email|bank|account_number|routing|iban|swift|wire)[^.]*($|\.)/i;

const negative = (difference: string | null) => difference !== null && difference.startsWith("-");
const zero = (difference: string | null) => difference === null || /^-?0*(\.0*)?$/.test(difference);

/** An amount's change: paid (contributed or received up), called (capital due up), correction, else other. */
export function amountKind(field: string, difference: string | null): ChangeKind {
  if (difference === null || zero(difference)) return field === "commitment_amount" ? "correction" : "other";
  if (onlyGrow.has(field)) return negative(difference) ? "correction" : "paid";
  if (field === "total_capital_due" && !negative(difference)) return "called";
  // A commitment changed after it was first read is a correction, whichever way.
  return field === "commitment_amount" ? "correction" : "other";
}

/** Another field's change: contact (an email or bank detail), else other. */
export function fieldKind(path: string): ChangeKind {
  return contactPath.test(path) ? "contact" : "other";
}

const shown = (value: unknown): string | null =>
  value === undefined || value === null ? null : typeof value === "string" ? value : JSON.stringify(value);

function leaves(value: unknown, path: string, out: Map<string, unknown>, top: boolean) {
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value) ? value.map((item, at) => [String(at), item] as const) : Object.entries(value);
    if (entries.length === 0) out.set(path, value);
    for (const [key, child] of entries) {
      // Amounts are compared in SQL, as numbers: "1.0" and "1.00" are the same amount.
      if (top && amountKeys.has(key)) continue;
      leaves(child, path ? `${path}.${key}` : key, out, false);
    }
  } else out.set(path, value);
}

/** The record's fields (amounts aside) that differ, leaf by leaf; a masked field says it changed, never its value. */
export function recordChanges(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const was = new Map<string, unknown>();
  const now = new Map<string, unknown>();
  leaves(before, "", was, true);
  leaves(after, "", now, true);
  const paths = [...new Set([...was.keys(), ...now.keys()])].sort();
  return paths.flatMap((field) => {
    const [old, next] = [shown(was.get(field)), shown(now.get(field))];
    if (old === next) return [];
    const masked = field.split(".").some((part) => isSecretKey(part));
    const values = masked ? { before: null, after: null } : { before: old, after: next };
    return [{ field, kind: fieldKind(field), ...values, difference: null, masked, amount: false }];
  });
}

/** An amount's change as a field change. */
export function amountChange(change: {
  key: string;
  before: string | null;
  after: string | null;
  difference: string | null;
}): FieldChange {
  const { key, before, after, difference } = change;
  return { field: key, kind: amountKind(key, difference), before, after, difference, masked: false, amount: true };
}
