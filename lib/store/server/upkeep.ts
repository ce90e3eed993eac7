import "server-only";
import { normalEmail } from "../columns";
import { type StoreConnection, defaultConnection } from "./connection";
import { bumpGeneration } from "./generation";

/**
 * Deletes a person's positions (by lower-cased email or any tax key) from every kept read, or from the kept reads of
 * the funds named (by store key; an admin of one scope forgets within it): rows removed.
 */
export function forgetPeople(
  input: { email: string | null; taxKeys: string[]; fundKeys?: readonly string[] | null },
  store: StoreConnection = defaultConnection(),
): Promise<number> {
  const email = normalEmail(input.email);
  if (email === null && input.taxKeys.length === 0) return Promise.resolve(0);
  const removing = store.use(async (_db, pool) => {
    // A read's summary holds its positions too: dropped, so a start reads that read's remaining rows instead.
    const removed = await pool.query<{ rows: number }>(
      `with gone as (delete from positions where (email = $1 or tax_key = any($2::text[]))
                       and ($3::text[] is null or fund_id = any($3::text[])) returning read_id),
            cleared as (update reads set summary = null where id in (select read_id from gone) returning id)
       select (select count(*) from gone)::integer as rows`,
      [email, input.taxKeys, input.fundKeys ?? null],
    );
    return removed.rows[0]?.rows ?? 0;
  });
  return removing.finally(() => bumpGeneration(null));
}

/** Deletes reads last seen before `before`, except each (kind, fund)'s newest: reads removed. */
export function pruneReads(before: Date, store: StoreConnection = defaultConnection()): Promise<number> {
  const removing = store.use(async (_db, pool) => {
    const removed = await pool.query(
      `delete from reads r where r.last_seen_at < $1
         and r.id <> (select n.id from reads n where n.kind = r.kind and n.fund_id is not distinct from r.fund_id
                      order by n.read_at desc, n.id desc limit 1)`,
      [before.toISOString()],
    );
    return removed.rowCount ?? 0;
  });
  return removing.finally(() => bumpGeneration(null));
}

/** The store's size on disk in bytes (the database's, on PostgreSQL and PGlite alike). */
export function storeBytes(store: StoreConnection = defaultConnection()): Promise<number> {
  return store.use(async (_db, pool) => {
    const size = await pool.query<{ bytes: string }>("select pg_database_size(current_database()) as bytes");
    return Number(size.rows[0]!.bytes);
  });
}
