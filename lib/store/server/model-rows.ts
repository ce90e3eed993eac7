import "server-only";
import { sql } from "drizzle-orm";
import { decimalOrNull, positionAmountKeys } from "../columns";
import type { ModelPosition } from "../model";
import { toJson } from "../schema";

// The insert of a fund's current positions into the read model: a chunk's rows as one jsonb parameter, as the kept
// positions are (position-rows.ts). A position's group is its tax id's or, with neither a tax id nor an email, its
// own; one with an email and no tax id is grouped by model-groups.ts, which looks at that email's other positions.

const columns = [
  ["fund", "integer"],
  ["ordinal", "integer"],
  ["investor_id", "text"],
  ["name", "text"],
  ["name_sort", "text"],
  ["email", "text"],
  ["email_key", "text"],
  ["tax_key", "text"],
  ["investor_type", "text"],
  ["invited", "timestamptz"],
  ["search", "text"],
  ["email_group", "text"],
  ["group_key", "text"],
  ...positionAmountKeys.map((key) => [key, "numeric"] as const),
] as const;

const names = columns.map(([name]) => name).join(", ");
const insert = sql.raw(
  `insert into org_positions (${names}, outstanding)
   select ${names},
          case when total_capital_due > coalesce(total_received, 0) then total_capital_due - coalesce(total_received, 0) end
   from jsonb_to_recordset(`,
);
const recordset = sql.raw(`::jsonb) as rows(${columns.map(([name, type]) => `${name} ${type}`).join(", ")})`);

export const modelRowsPerStatement = 1_000;

/** The insert of one chunk of positions (of one fund or several), each with its fund and place in its list. */
export function modelPositionsInsert(chunk: readonly { fund: number; ordinal: number; position: ModelPosition }[]) {
  const rows = chunk.map(({ fund, ordinal, position }) => {
    const row: Record<string, unknown> = {
      fund,
      ordinal,
      investor_id: position.investorId,
      name: position.name,
      name_sort: position.nameSort,
      email: position.email,
      email_key: position.emailKey,
      tax_key: position.taxKey,
      investor_type: position.investorType,
      invited: position.invited,
      search: position.search,
      email_group: position.taxKey === null && position.emailKey !== null ? position.emailGroup : null,
      // Its email's group until model-groups.ts looks at that email's positions with a tax id.
      group_key: position.taxGroup ?? position.emailGroup ?? position.ownGroup,
    };
    for (const key of positionAmountKeys) row[key] = decimalOrNull(position.amounts[key]);
    return row;
  });
  return sql.join([insert, sql.param(toJson(rows)), recordset]);
}
