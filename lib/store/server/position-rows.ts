import "server-only";
import { sql } from "drizzle-orm";
import { positionAmountKeys, positionColumns } from "../columns";
import { toJson } from "../schema";

// One statement of 18 array parameters per chunk (unnest), never near 65,535 parameters: Drizzle's insert builder
// took 784 ms of the event loop for 3,000 rows. 500-row chunks keep each stall near 50 ms (one 100,000-position
// list: 11.4 s, longest stall 53 ms; PGlite in-thread: 6.2 s, 433 ms), and the loop turns between them.
export const positionsPerStatement = 500;

const positionColumnNames = [
  ["read_id", "bigint"],
  ["ordinal", "integer"],
  ["fund_id", "text"],
  ["investor_id", "text"],
  ["name", "text"],
  ["email", "text"],
  ["tax_key", "text"],
  ...positionAmountKeys.map((key) => [key, "numeric"] as const),
  ["record", "jsonb"],
] as const;

const insertPositions = sql.raw(
  `insert into positions (${positionColumnNames.map(([name]) => name).join(", ")}) select * from unnest(`,
);

/** The insert of one chunk of positions: each column as one array parameter. */
export function positionsInsert(readId: number, fundId: string, offset: number, chunk: readonly KeptInvestor[]) {
  const columns = positionColumnNames.map(() => [] as unknown[]);
  chunk.forEach(({ record, taxKey }, index) => {
    const { investorId, name, email, amounts } = positionColumns(record);
    const values = [readId, offset + index, fundId, investorId, name, email, taxKey];
    values.push(...positionAmountKeys.map((key) => amounts[key]), toJson(record));
    values.forEach((value, column) => columns[column]!.push(value));
  });
  const params = columns.map(
    (values, column) => sql`${sql.param(values)}::${sql.raw(positionColumnNames[column]![1])}[]`,
  );
  return sql.join([insertPositions, sql.join(params, sql`, `), sql`)`]);
}

type KeptInvestor = { record: Record<string, unknown>; taxKey: string | null };
