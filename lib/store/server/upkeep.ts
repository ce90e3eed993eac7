import "server-only";
import { normalEmail } from "../columns";
import { sql } from "drizzle-orm";
import { type StoreConnection, defaultConnection } from "./connection";
import { groupsBefore, regroup } from "./model-groups";
import { refreshFacts } from "./model-funds";
import { bumpGeneration } from "./generation";
import { forgetNotes } from "./team-notes";

/** What a forget removed: kept positions, and the notes about them (with their follow-ups). */
export interface Forgotten {
  positions: number;
  notes: number;
}

/**
 * Deletes a person's positions (by lower-cased email or any tax key) from every kept read and from the read model, and
 * the notes about them, or those of the funds named (by store key; an admin of one scope forgets within it).
 */
export function forgetPeople(
  input: { email: string | null; taxKeys: string[]; fundKeys?: readonly string[] | null },
  store: StoreConnection = defaultConnection(),
): Promise<Forgotten> {
  const email = normalEmail(input.email);
  if (email === null && input.taxKeys.length === 0) return Promise.resolve({ positions: 0, notes: 0 });
  const fundKeys = input.fundKeys ?? null;
  const removing = store.use((db) =>
    db.transaction(async (tx) => {
      // The notes first: they are found through the positions about to go.
      const notes = await forgetNotes(tx, { email, taxKeys: input.taxKeys, fundKeys });
      const removed = await tx.execute(
        sql`delete from positions where (email = ${email} or tax_key = any(${sql.param(input.taxKeys)}::text[]))
              and (${sql.param(fundKeys)}::text[] is null
                   or read_id in (select id from reads where fund_id = any(${sql.param(fundKeys)}::text[])))`,
      );
      // The current positions too: the person leaves the directory, capital outstanding and every total at once.
      const found = await tx.execute<{ fund: number }>(sql`
        select distinct p.fund from org_positions p join org_funds f on f.id = p.fund
        where (p.email_key = ${email} or p.tax_key = any(${sql.param(input.taxKeys)}::text[]))
          and (${sql.param(fundKeys)}::text[] is null or f.fund_key = any(${sql.param(fundKeys)}::text[]))`);
      const funds = found.rows.map((row) => Number(row.fund));
      const before = await groupsBefore(tx, funds);
      await tx.execute(sql`
        delete from org_positions p where p.fund = any(${sql.param(funds)}::int[])
          and (p.email_key = ${email} or p.tax_key = any(${sql.param(input.taxKeys)}::text[]))`);
      await regroup(tx, funds, before);
      await refreshFacts(tx, funds);
      return { positions: removed.rowCount ?? 0, notes };
    }),
  );
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
