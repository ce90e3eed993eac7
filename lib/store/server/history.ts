import "server-only";
import { type StoreConnection, defaultConnection } from "./connection";

// Kept values over time, in SQL: a read is kept once per distinct content (a sighting of the same content adds no
// row), so there is one point per distinct read, at its read_at; amounts stay numeric, read back as strings.

export const historyPositionKeys = [
  "commitment_amount",
  "contributed_amount",
  "total_received",
  "total_capital_due",
  "unfunded_commitment_amount",
] as const;
export type HistoryPositionKey = (typeof historyPositionKeys)[number];
export const historyFundKeys = ["total_commitments", "total_contributed"] as const;
export type HistoryFundKey = (typeof historyFundKeys)[number];

/** One moment of history: when, and each key's value then (null when not kept). */
export interface HistoryPoint<Key extends string> {
  at: Date;
  values: Record<Key, string | null>;
}

type Row = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

function pointsOf<Key extends string>(rows: Row[], keys: readonly Key[]): HistoryPoint<Key>[] {
  return rows.map((row) => ({
    at: new Date(row.at as Date),
    values: Object.fromEntries(keys.map((key) => [key, text(row[key])])) as Record<Key, string | null>,
  }));
}

const positionColumns = historyPositionKeys.map((key) => `p.${key}::text ${key}`).join(", ");

// Every kept read of the fund's list that holds the investor: positions joined to reads.
const positionSql = `
  select r.read_at at, ${positionColumns}
  from reads r
  cross join lateral (select * from positions p where p.read_id = r.id and p.investor_id = $2
                      order by p.ordinal limit 1) p
  where r.kind = 'investors' and r.fund_id = $1
  order by r.read_at, r.id`;

/** One investor's position in one fund at each kept read of the fund's list that holds it, oldest first. */
export function positionHistory(
  fundId: string,
  investorId: string,
  store: StoreConnection = defaultConnection(),
): Promise<HistoryPoint<HistoryPositionKey>[]> {
  return store.use(async (_db, pool) => {
    const found = await pool.query<Row>(positionSql, [fundId, investorId]);
    return pointsOf(found.rows, historyPositionKeys);
  });
}

// The time points are the union of the funds' read times; at each, every fund's newest read at or before it
// (its last value carried forward) with the investor's position in that read, if any, summed as numeric. A fund
// not yet read adds nothing, and neither does a read without the investor (they left the fund).
const acrossSql = `
  with held as (select * from unnest($1::text[], $2::text[]) h(fund_id, investor_id)),
  times as (select distinct r.read_at at from reads r join held h on h.fund_id = r.fund_id
            where r.kind = 'investors')
  select t.at, ${historyPositionKeys.map((key) => `sum(p.${key})::text ${key}`).join(", ")}
  from times t
  cross join held h
  cross join lateral (select r.id from reads r where r.kind = 'investors' and r.fund_id = h.fund_id
                      and r.read_at <= t.at order by r.read_at desc, r.id desc limit 1) last
  left join lateral (select * from positions p where p.read_id = last.id and p.investor_id = h.investor_id
                     order by p.ordinal limit 1) p on true
  group by t.at
  having count(p.read_id) > 0
  order by t.at`;

/** One investor's positions in several funds summed at each moment any of those funds was read, oldest first. */
export function positionsHistory(
  held: readonly { fundId: string; investorId: string }[],
  store: StoreConnection = defaultConnection(),
): Promise<HistoryPoint<HistoryPositionKey>[]> {
  return store.use(async (_db, pool) => {
    const found = await pool.query<Row>(acrossSql, [held.map((h) => h.fundId), held.map((h) => h.investorId)]);
    return pointsOf(found.rows, historyPositionKeys);
  });
}

// The fund's own figures, as its record gave them (kind 'fund' reads), not sums of its positions.
const fundSql = `
  select read_at at, ${historyFundKeys.map((key) => `${key}::text ${key}`).join(", ")}
  from reads where kind = 'fund' and fund_id = $1
  order by read_at, id`;

/** The fund's own total commitments and total contributed at each kept read of its record, oldest first. */
export function fundFiguresHistory(
  fundId: string,
  store: StoreConnection = defaultConnection(),
): Promise<HistoryPoint<HistoryFundKey>[]> {
  return store.use(async (_db, pool) => {
    const found = await pool.query<Row>(fundSql, [fundId]);
    return pointsOf(found.rows, historyFundKeys);
  });
}
