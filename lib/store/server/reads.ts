import "server-only";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Pool } from "pg";
import { type StoreConnection, defaultConnection } from "./connection";
import { unpackRecord } from "./packed-record";

const unpackSlice = 1_000;

/** A fund's investor list as last kept, with the fund's record and the figures read with it. */
export interface KeptList {
  fundId: string;
  digest: string;
  /** When this content was first read. */
  readAt: Date;
  lastSeenAt: Date;
  /** The fund's newest kept record (kind "fund"), or null when none was kept. */
  fund: Record<string, unknown> | null;
  investors: { record: Record<string, unknown>; taxKey: string | null }[];
  /** The fund's figures read with the list (decimal strings), for checking the list against them. */
  figures: {
    totalCommitments: string | null;
    totalContributed: string | null;
    totalReceived: string | null;
    investorCount: number | null;
  };
}

interface ListRow {
  id: string;
  fund_id: string;
  digest: string;
  read_at: Date;
  last_seen_at: Date;
  total_commitments: string | null;
  total_contributed: string | null;
  total_received: string | null;
  investor_count: number | null;
  fund: Record<string, unknown> | null;
}

// Raw SQL through the pool: one query for the lists, one for all their positions, nothing mapped row by row twice.
// A list is served only while no read of its fund since it was last seen answered 404 (the fund is gone).
const newestLists = `
  select l.id, l.fund_id, l.digest, l.read_at, l.last_seen_at, l.total_commitments, l.total_contributed,
         l.total_received, l.investor_count,
         (select f.record from reads f where f.kind = 'fund' and f.fund_id = l.fund_id
           order by f.read_at desc, f.id desc limit 1) as fund
  from (select distinct on (fund_id) * from reads where kind = 'investors' and fund_id = any($1::text[])
        order by fund_id, read_at desc, id desc) l
  where not exists (select 1 from read_failures x where x.fund_id = l.fund_id and x.status = 404
                    and x.at > l.last_seen_at)
  order by l.fund_id`;

/**
 * Which parts of each kept record to send back: `true` for a whole value, a nested shape for some of an object's
 * keys. A start needs a few fields of every position, not the whole records (a tenth of the bytes).
 */
export type RecordShape = { readonly [key: string]: true | RecordShape };

const literal = (key: string) => `'${key.replaceAll("'", "''")}'`;

/** `record`, or a jsonb_build_object of the shape's paths (absent keys come back null). */
export function projection(shape: RecordShape | undefined, path = "record"): string {
  if (!shape) return path;
  const pairs = Object.entries(shape).map(([key, part]) => {
    const value = `${path} -> ${literal(key)}`;
    return `${literal(key)}, ${part === true ? value : `case when jsonb_typeof(${value}) = 'object' then ${projection(part, `(${value})`)} end`}`;
  });
  return `jsonb_build_object(${pairs.join(", ")})`;
}

/** The shape's paths of a record, as `projection` gives them from a jsonb one. */
function projected(record: Record<string, unknown>, shape: RecordShape | undefined): Record<string, unknown> {
  if (!shape) return record;
  return Object.fromEntries(
    Object.entries(shape).map(([key, part]) => {
      const value = record[key] ?? null;
      if (part === true) return [key, value];
      const object = typeof value === "object" && value !== null && !Array.isArray(value);
      return [key, object ? projected(value as Record<string, unknown>, part) : null];
    }),
  );
}

async function keptLists(pool: Pool, rows: ListRow[], shape?: RecordShape, limit?: number): Promise<KeptList[]> {
  if (rows.length === 0) return [];
  const byRead = new Map<string, KeptList["investors"]>(rows.map((row) => [row.id, []]));
  const found = await pool.query<{
    read_id: string;
    record: Record<string, unknown> | null;
    packed: Buffer | null;
    tax_key: string | null;
  }>(
    `select read_id, case when packed is null then ${projection(shape)} end as record, packed, tax_key
     from positions where read_id = any($1::bigint[]) order by read_id, ordinal limit $2`,
    [rows.map((row) => row.id), limit ?? null],
  );
  // Unpacked a slice at a time: 10,000 records held the thread 400 ms, and a fund page's first screen, answered 150 ms
  // after its own small query, waited behind it for the whole list.
  for (let start = 0; start < found.rows.length; start += unpackSlice) {
    if (start > 0) await nextTurn();
    for (const position of found.rows.slice(start, start + unpackSlice)) {
      const record = position.packed ? projected(unpackRecord(position.packed), shape) : position.record!;
      byRead.get(position.read_id)?.push({ record, taxKey: position.tax_key });
    }
  }
  return rows.map((row) => ({
    fundId: row.fund_id,
    digest: row.digest,
    readAt: new Date(row.read_at),
    lastSeenAt: new Date(row.last_seen_at),
    fund: row.fund,
    investors: byRead.get(row.id) ?? [],
    figures: {
      totalCommitments: row.total_commitments,
      totalContributed: row.total_contributed,
      totalReceived: row.total_received,
      investorCount: row.investor_count,
    },
  }));
}

/** The fund's newest kept investor list (by its store key), or null. */
export function latestKeptList(
  fundKey: string,
  store: StoreConnection = defaultConnection(),
): Promise<KeptList | null> {
  return latestKeptLists([fundKey], store).then((lists) => lists[0] ?? null);
}

/** The first `rows` records of the fund's newest kept investor list (by its store key), or null. */
export function keptListStart(
  fundKey: string,
  rows: number,
  store: StoreConnection = defaultConnection(),
): Promise<KeptList | null> {
  return store.use(async (_db, pool) => {
    const found = (await pool.query<ListRow>(newestLists, [[fundKey]])).rows;
    return (await keptLists(pool, found, undefined, rows))[0] ?? null;
  });
}

/** The newest kept investor list of each fund named (by store key) that has one; `shape` keeps part of each record. */
export function latestKeptLists(
  fundKeys: readonly string[],
  store: StoreConnection = defaultConnection(),
  shape?: RecordShape,
) {
  return store.use(async (_db, pool) =>
    keptLists(pool, (await pool.query<ListRow>(newestLists, [fundKeys])).rows, shape),
  );
}

/** A source's newest kept funds list (its key: the source's fingerprint), or null. */
export function latestFundsList(
  listKey: string,
  store: StoreConnection = defaultConnection(),
): Promise<{ readAt: Date; lastSeenAt: Date; digest: string; funds: unknown[] } | null> {
  return store.use(async (_db, pool) => {
    const found = await pool.query<{ read_at: Date; last_seen_at: Date; digest: string; record: unknown[] }>(
      `select read_at, last_seen_at, digest, record from reads where kind = 'funds' and fund_id = $1
       order by read_at desc, id desc limit 1`,
      [listKey],
    );
    const row = found.rows[0];
    if (!row) return null;
    return {
      readAt: new Date(row.read_at),
      lastSeenAt: new Date(row.last_seen_at),
      digest: row.digest,
      funds: row.record,
    };
  });
}

// The source's newest funds list's funds (those asked for) with no kept investor list: only they are sent back. A
// fund's store key is the list's key (the source's fingerprint), ':' and its id.
const unkeptSql = `
  select e.value fund from (select record from reads where kind = 'funds' and fund_id = $1
                            order by read_at desc, id desc limit 1) r
  cross join lateral jsonb_array_elements(case when jsonb_typeof(r.record) = 'array' then r.record else '[]' end) e
  where jsonb_typeof(e.value -> 'id') = 'string' and $1 || ':' || (e.value ->> 'id') = any($2::text[])
    and not exists (select 1 from reads x where x.kind = 'investors' and x.fund_id = $1 || ':' || (e.value ->> 'id'))`;

/** The records of the funds named (by store key) in a source's newest funds list whose investors were never kept. */
export function unkeptFunds(
  listKey: string,
  fundKeys: readonly string[],
  store: StoreConnection = defaultConnection(),
): Promise<Record<string, unknown>[]> {
  return store.use(async (_db, pool) => {
    const found = await pool.query<{ fund: Record<string, unknown> }>(unkeptSql, [listKey, fundKeys]);
    return found.rows.map((row) => row.fund);
  });
}

/** One investor's record as the fund's newest kept list holds it (by store key and investor id), or null. */
export function keptInvestor(
  fundKey: string,
  investorId: string,
  store: StoreConnection = defaultConnection(),
): Promise<{ record: Record<string, unknown>; lastSeenAt: Date } | null> {
  return store.use(async (_db, pool) => {
    const found = await pool.query<{
      packed: Buffer | null;
      record: Record<string, unknown> | null;
      last_seen_at: Date;
    }>(
      `select p.packed, p.record, l.last_seen_at
       from (select id, last_seen_at from reads where kind = 'investors' and fund_id = $1
             order by read_at desc, id desc limit 1) l
       join positions p on p.read_id = l.id and p.investor_id = $2
       where not exists (select 1 from read_failures x where x.fund_id = $1 and x.status = 404 and x.at > l.last_seen_at)
       order by p.ordinal limit 1`,
      [fundKey, investorId],
    );
    const row = found.rows[0];
    if (!row) return null;
    return { record: row.packed ? unpackRecord(row.packed) : row.record!, lastSeenAt: new Date(row.last_seen_at) };
  });
}

/** A fund's newest kept record (by store key): its own read, else the one read with its list; null when none. */
export function keptFundRecord(
  fundKey: string,
  store: StoreConnection = defaultConnection(),
): Promise<{ record: Record<string, unknown>; lastSeenAt: Date } | null> {
  return store.use(async (_db, pool) => {
    const found = await pool.query<{ record: Record<string, unknown>; last_seen_at: Date }>(
      `select r.record, r.last_seen_at from reads r where r.kind = 'fund' and r.fund_id = $1 and r.record is not null
         and not exists (select 1 from read_failures x where x.fund_id = $1 and x.status = 404 and x.at > r.last_seen_at)
       order by r.read_at desc, r.id desc limit 1`,
      [fundKey],
    );
    const row = found.rows[0];
    return row ? { record: row.record, lastSeenAt: new Date(row.last_seen_at) } : null;
  });
}
