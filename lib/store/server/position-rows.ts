import "server-only";
import { sql } from "drizzle-orm";
import { positionAmountKeys, positionColumns } from "../columns";
import { toJson } from "../schema";
import { packRecord } from "./packed-record";

// One statement per chunk, its rows as one jsonb parameter (jsonb_to_recordset): 18 array parameters spent 8 s of a
// first start's main thread at 100,000 positions in node-postgres's array-literal escaping (escapeElement), where
// JSON.stringify is native. 500-row chunks keep each stall near 50 ms, and the loop turns between them.
export const positionsPerStatement = 500;

const positionColumnNames = [
  ["read_id", "bigint"],
  ["ordinal", "integer"],
  ["investor_id", "text"],
  ["name", "text"],
  ["email", "text"],
  ["tax_key", "text"],
  ...positionAmountKeys.map((key) => [key, "numeric"] as const),
  ["record_hash", "bigint"],
] as const;

// The packed record travels in the JSON as base64 and is decoded by the statement.
const names = positionColumnNames.map(([name]) => name).join(", ");
const insertPositions = sql.raw(
  `insert into positions (${names}, packed) select ${names}, decode(packed, 'base64') from jsonb_to_recordset(`,
);
const recordset = sql.raw(
  `::jsonb) as rows(${positionColumnNames.map(([name, type]) => `${name} ${type}`).join(", ")}, packed text)`,
);

/** A position to keep: its read, its place in the read's list, the masked record and its tax key. */
export interface PositionRow {
  readId: number;
  ordinal: number;
  record: Record<string, unknown>;
  taxKey: string | null;
}

/**
 * The insert of one chunk of positions (of one read or several: a batch of small lists is a few statements, not one
 * per list): the rows as one jsonb array, amounts as their decimal strings.
 */
export function positionsInsert(chunk: readonly PositionRow[]) {
  const rows = chunk.map(({ readId, ordinal, record, taxKey }) => {
    const packed = packRecord(record);
    const { investorId, name, email, amounts } = positionColumns(record);
    const row: Record<string, unknown> = {
      read_id: readId,
      ordinal,
      investor_id: investorId,
      name,
      email,
      tax_key: taxKey,
      record_hash: packed.hash,
      packed: packed.packed.toString("base64"),
    };
    for (const key of positionAmountKeys) row[key] = amounts[key];
    return row;
  });
  return sql.join([insertPositions, sql.param(toJson(rows)), recordset]);
}
