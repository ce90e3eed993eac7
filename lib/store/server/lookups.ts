import "server-only";
import { type StoreConnection, defaultConnection } from "./connection";

/** When the fund's newest kept investor list was last seen (ms), or null: cheap, for instances waiting on a read. */
export function keptSeenAt(fundId: string, store: StoreConnection = defaultConnection()): Promise<number | null> {
  return store.use(async (_db, pool) => {
    const found = await pool.query<{ last_seen_at: Date }>(
      `select last_seen_at from reads where kind = 'investors' and fund_id = $1
       order by read_at desc, id desc limit 1`,
      [fundId],
    );
    const seen = found.rows[0]?.last_seen_at;
    return seen ? new Date(seen).getTime() : null;
  });
}

/** The keyed tax hashes kept beside a lower-cased email (in the funds named, or all): the same person's positions. */
export function taxKeysOfEmail(
  email: string,
  fundKeys: readonly string[] | null = null,
  store: StoreConnection = defaultConnection(),
): Promise<string[]> {
  return store.use(async (_db, pool) => {
    const found = await pool.query<{ tax_key: string }>(
      `select distinct tax_key from positions where email = $1 and tax_key is not null
         and ($2::text[] is null or read_id in (select id from reads where fund_id = any($2::text[])))`,
      [email, fundKeys],
    );
    return found.rows.map((row) => row.tax_key);
  });
}
