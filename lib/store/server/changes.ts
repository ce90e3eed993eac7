import "server-only";
import { isDeepStrictEqual } from "node:util";
import { type PositionAmountKey, positionAmountKeys } from "../columns";
import type { PositionChange } from "../model";
import { type StoreConnection, defaultConnection } from "./connection";
import { unpackRecord } from "./packed-record";

// What changed between two kept reads of each fund, worked out in SQL: the newest read at or before a moment against
// the newest now, positions joined on investor id, numeric differences exact (numeric), records compared by hash.

export type AmountKey = PositionAmountKey;
export const fundFigureKeys = ["total_commitments", "total_contributed", "total_received", "investor_count"] as const;
export type FundFigureKey = (typeof fundFigureKeys)[number];

export interface KeptRead {
  id: number;
  readAt: Date;
  lastSeenAt: Date;
}

/** One fund's two reads compared, its own figures at each, and the failed reads between them. */
export interface FundComparison {
  fundId: string;
  /** The fund's first kept investor list: history starts there. */
  firstReadAt: Date;
  /** The newest investor list read at or before the moment; null when history starts after it. */
  before: KeptRead | null;
  after: KeptRead;
  /** The fund's own record, newest: its name and capital due date (names as the fund list gives them). */
  fund: { displayName: string | null; legalName: string | null; capitalDueDate: string | null };
  /** The fund's own figures (kind 'fund' reads) at or before the moment and now, with exact differences. */
  figures: { key: FundFigureKey; before: string | null; after: string | null; difference: string | null }[];
  /** Reads of the fund that failed after the old content was last seen at or before the moment. */
  gaps: { count: number; first: Date | null; last: Date | null };
}

export type { PositionChange };

const newest = (kind: string, bound: string) => `
  select id, read_at, last_seen_at, total_commitments, total_contributed, total_received, investor_count, record
  from reads r where r.kind = '${kind}' and r.fund_id = f.fund_id ${bound} order by r.read_at desc, r.id desc limit 1`;

const comparisonsSql = `
  select f.fund_id, f.first_read_at, b.id b_id, b.read_at b_read_at, b.last_seen_at b_seen,
         a.id a_id, a.read_at a_read_at, a.last_seen_at a_seen,
         coalesce(fa.record, '{}'::jsonb) -> 'legal_entity' ->> 'display_name' display_name,
         coalesce(fa.record, '{}'::jsonb) -> 'legal_entity' ->> 'legal_name' legal_name,
         coalesce(fa.record, '{}'::jsonb) ->> 'capital_due_date' capital_due_date,
         ${["total_commitments", "total_contributed", "total_received", "investor_count"]
           .map((key) => `fb.${key}::text b_${key}, fa.${key}::text a_${key}, (fa.${key} - fb.${key})::text d_${key}`)
           .join(", ")},
         g.count gap_count, g.first gap_first, g.last gap_last
  from (select fund_id, min(read_at) first_read_at from reads
        where kind = 'investors' and fund_id = any($2::text[]) group by fund_id) f
  cross join lateral (${newest("investors", "")}) a
  left join lateral (${newest("investors", "and r.read_at <= $1")}) b on true
  left join lateral (${newest("fund", "")}) fa on true
  left join lateral (${newest("fund", "and r.read_at <= $1")}) fb on true
  left join lateral (
    select count(*)::int count, min(x.at) first, max(x.at) last from read_failures x
    where x.fund_id = f.fund_id and x.kind in ('investors', 'fund')
      and x.at > coalesce((select max(s.seen_at) from read_sightings s where s.read_id = b.id and s.seen_at <= $1),
                          b.read_at)
  ) g on b.id is not null
  order by f.fund_id`;

// Each pair's two reads joined on investor id by their records' hashes alone (a 50,000-investor read is narrow that
// way), then only the differing rows read in full by their place in the list. Equal records hash alike; two records
// that differ collide on a 64-bit hash about once in 10^19 pairs.
const oneSide = (read: string) =>
  `(select distinct on (investor_id) investor_id, ordinal, record_hash from positions where read_id = ${read}
    order by investor_id, ordinal)`;
const amountColumns = positionAmountKeys
  .map(
    (key) => `b.${key}::text b_${key}, a.${key}::text a_${key},
      (case when a.read_id is null then -b.${key} when b.read_id is null then a.${key} else a.${key} - b.${key} end)::text d_${key}`,
  )
  .join(",\n");
const changedAmounts = `array_remove(array[${positionAmountKeys
  .map((key) => `case when a.${key} is distinct from b.${key} then '${key}' end`)
  .join(", ")}], null) changed_amounts`;

// One row by its place, per differing row: without ANALYZE a plain join may merge against every read's positions.
const fetched = (side: string) =>
  `left join lateral (select * from positions x where x.read_id = d.${side}_id and x.ordinal = d.${side}_ordinal
    limit 1) ${side} on true`;

export const positionsSql = `
  with differing as (
    select p.b_id, p.a_id, x.b_ordinal, x.a_ordinal from unnest($1::bigint[], $2::bigint[]) p(b_id, a_id)
    cross join lateral (
      select b.ordinal b_ordinal, a.ordinal a_ordinal
      from ${oneSide("p.b_id")} b full join ${oneSide("p.a_id")} a on a.investor_id = b.investor_id
      where a.record_hash is distinct from b.record_hash
    ) x
  )
  select r.fund_id, coalesce(a.investor_id, b.investor_id) investor_id,
         case when b.read_id is null then 'added' when a.read_id is null then 'removed' else 'changed' end change,
         coalesce(a.name, b.name) name, ${changedAmounts}, ${amountColumns},
         case when a.read_id is not null and b.read_id is not null then b.record end b_record,
         case when a.read_id is not null and b.read_id is not null then b.packed end b_packed,
         case when a.read_id is not null and b.read_id is not null then a.record end a_record,
         case when a.read_id is not null and b.read_id is not null then a.packed end a_packed
  from differing d
  ${fetched("b")}
  ${fetched("a")}
  join reads r on r.id = coalesce(d.a_id, d.b_id)
  order by 1, 2`;

type Row = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** A value's before, after and difference, from the row's `b_`, `a_` and `d_` columns of that key. */
function beforeAfter<Key extends string>(row: Row, key: Key) {
  return { key, before: text(row[`b_${key}`]), after: text(row[`a_${key}`]), difference: text(row[`d_${key}`]) };
}
const date = (value: unknown) => new Date(value as Date);

function comparisonOf(row: Row): FundComparison {
  const read = (side: "a" | "b") =>
    row[`${side}_id`] == null
      ? null
      : { id: Number(row[`${side}_id`]), readAt: date(row[`${side}_read_at`]), lastSeenAt: date(row[`${side}_seen`]) };
  return {
    fundId: String(row.fund_id),
    firstReadAt: date(row.first_read_at),
    before: read("b"),
    after: read("a")!,
    fund: {
      displayName: text(row.display_name),
      legalName: text(row.legal_name),
      capitalDueDate: text(row.capital_due_date),
    },
    figures: fundFigureKeys.map((key) => beforeAfter(row, key)),
    gaps: {
      count: Number(row.gap_count ?? 0),
      first: row.gap_first ? date(row.gap_first) : null,
      last: row.gap_last ? date(row.gap_last) : null,
    },
  };
}

/** One side's record: packed, or jsonb for a row kept before records were packed; null for an added or removed one. */
function recordOf(row: Row, side: "a" | "b"): Record<string, unknown> | null {
  const packed = row[`${side}_packed`] as Buffer | null;
  return packed ? unpackRecord(packed) : (row[`${side}_record`] as Record<string, unknown> | null);
}

function changeOf(row: Row): PositionChange {
  const keys = row.changed_amounts as AmountKey[];
  const before = recordOf(row, "b");
  const after = recordOf(row, "a");
  return {
    fundId: String(row.fund_id),
    investorId: String(row.investor_id),
    change: row.change as PositionChange["change"],
    name: String(row.name),
    amounts: keys.map((key) => beforeAfter(row, key)),
    records: before && after ? { before, after } : null,
  };
}

// Hashes differ where two equal records were hashed two ways (jsonb before migration 0007, packed after) or written
// with their keys in another order: such a pair is no change.
const differs = (change: PositionChange) =>
  change.amounts.length > 0 || !change.records || !isDeepStrictEqual(change.records.before, change.records.after);

/** The positions that differ, from `positionsSql`'s rows. */
export const positionChanges = (rows: Row[]): PositionChange[] => rows.map(changeOf).filter(differs);

/**
 * Each named fund's (by store key) newest kept investor list at or before `at` against its newest now, and the
 * positions that differ between the two (the funds never kept are `unkeptFunds`).
 * A fund whose history starts after `at` has no `before` and no positions;
 * nor has one the caller's `diff` declines (a pair of reads whose differences it already holds: kept reads never change).
 */
export function changesSince(
  at: Date,
  fundKeys: readonly string[],
  store: StoreConnection = defaultConnection(),
  diff: (fund: FundComparison) => boolean = () => true,
): Promise<{ funds: FundComparison[]; positions: PositionChange[] }> {
  return store.use(async (_db, pool) => {
    const client = await pool.connect();
    try {
      // Sorts each side's (investor_id, ordinal, record_hash); 128 MB is from when whole rows were, not re-measured.
      await client.query("begin read only");
      await client.query("set local work_mem = '128MB'");
      const found = await client.query<Row>(comparisonsSql, [at.toISOString(), fundKeys]);
      const funds = found.rows.map(comparisonOf);
      const pairs = funds.filter((fund) => fund.before && fund.before.id !== fund.after.id && diff(fund));
      const rows =
        pairs.length === 0
          ? []
          : (
              await client.query<Row>(positionsSql, [
                pairs.map((fund) => fund.before!.id),
                pairs.map((fund) => fund.after.id),
              ])
            ).rows;
      await client.query("commit");
      return { funds, positions: positionChanges(rows) };
    } catch (error) {
      await client.query("rollback").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  });
}
