import type { Investor } from "../customer-api/schemas";
import { investorColumns } from "./columns";

// Paths the pages show by name; the investor bank's `name` is the spec's other spelling of `bank_name`.
const known = new Set([...investorColumns.map((column) => column.id), "investment_account.bank.name"]);
const containers = new Set([
  "investment_account",
  "investment_account.address",
  "investment_account.bank",
  "primary_contact",
]);

export interface UnknownField {
  path: string;
  value: string;
}

/** Fields the upstream sent that the spec does not describe, so the page can show them instead of dropping them. */
export function unknownFields(investor: Investor): UnknownField[] {
  const found: UnknownField[] = [];
  function walk(value: unknown, prefix: string) {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return;
    for (const [key, child] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (path === "team_members") {
        (Array.isArray(child) ? child : []).forEach((member: Record<string, unknown>, index: number) => {
          for (const [memberKey, memberValue] of Object.entries(member ?? {})) {
            if (memberKey !== "member_name" && memberKey !== "member_email") {
              found.push({ path: `team_members[${index}].${memberKey}`, value: show(memberValue) });
            }
          }
        });
      } else if (containers.has(path)) walk(child, path);
      else if (!known.has(path)) found.push({ path, value: show(child) });
    }
  }
  walk(investor, "");
  return found;
}

function show(value: unknown): string {
  if (value === null || value === undefined) return "—";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
