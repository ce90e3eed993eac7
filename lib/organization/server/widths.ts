import "server-only";
import { processWide } from "../../server/process-wide";
import { scopeWidths } from "../../store/server";
import type { ColumnSpec } from "../../table/types";
import { displayLength } from "../../values/display-length";
import type { OrganizationState } from "./state";

// Each column's longest value on screen over a whole view, so a server-paged table sizes its columns once: from each
// fund's longest values, kept with its positions (a text's length; an amount's whole digits, places and sign).

type Width = number | [number | null, number | null, boolean | null] | null;

function lengthOf(kind: ColumnSpec<unknown>["kind"], width: Width): number {
  if (typeof width === "number") return width;
  if (!Array.isArray(width) || width[0] === null) return 0;
  const [digits, places, negative] = width;
  const grouped = digits! + Math.floor((digits! - 1) / 3);
  const sign = negative ? 1 : 0;
  if (kind === "count") return sign + grouped;
  if (kind === "percent") return sign + grouped + (places ? places + 1 : 0) + 1;
  return sign + grouped + 1 + Math.max(2, places ?? 0);
}

/**
 * The columns' widths in characters: the longest over the funds' kept widths (by column id, or `aliases[id]`), and
 * over `values` shown beside them (the totals, a count).
 */
export function columnWidths<T>(
  columns: readonly ColumnSpec<T>[],
  funds: readonly Record<string, unknown>[],
  values: Record<string, string | null>,
  aliases: Record<string, string> = {},
): Record<string, number> {
  return Object.fromEntries(
    columns.map((column) => {
      const name = aliases[column.id] ?? column.id;
      const kept = funds.reduce((most, widths) => Math.max(most, lengthOf(column.kind, widths[name] as Width)), 0);
      const shown = column.id in values ? displayLength(column.kind, values[column.id]) : 0;
      return [column.id, Math.max(kept, shown)];
    }),
  );
}

// The scope's kept widths, once per version of its funds' reads: the widths change only with a fund's content (its
// digest, in the version), and reading 2,000 funds' widths cost every page of the directory and capital outstanding.
const keptWidths = () =>
  processWide("organization-widths", () => new Map<string, Promise<Awaited<ReturnType<typeof scopeWidths>>>>());
const widthsKept = 32;

/** `scopeWidths` of the organization's scope, held while its version stands (not while its reads are incomplete). */
export function organizationWidths(organization: OrganizationState, owingOnly = false) {
  if (organization.version === null) return scopeWidths(organization.scope, owingOnly);
  const key = JSON.stringify([organization.scope, owingOnly, organization.version]);
  const held = keptWidths();
  let widths = held.get(key);
  if (!widths) {
    widths = scopeWidths(organization.scope, owingOnly);
    widths.catch(() => held.delete(key));
    held.set(key, widths);
    // The oldest go first: a handful of scopes, each its newest version, is what is asked.
    for (const old of held.keys()) if (held.size > widthsKept) held.delete(old);
  }
  return widths;
}
