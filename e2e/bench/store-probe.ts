// The store scenario's look into a store: its size (storeBytes: pg_database_size, on PostgreSQL and PGlite alike) and
// what it holds, as one JSON line. `npx tsx --conditions=react-server e2e/bench/store-probe.ts`, with DATABASE_URL
// or DATABASE_DIR naming the store (a PGlite folder only while no server holds it).
import { StoreConnection } from "../../lib/store/server/connection";
import { storeBytes } from "../../lib/store/server/upkeep";

async function main() {
  const url = process.env.DATABASE_URL || undefined;
  const store = new StoreConnection({ url, dir: process.env.DATABASE_DIR ?? ".fund-explorer/db" });
  try {
    await store.open();
    const bytes = await storeBytes(store);
    const counts = await store.use(async (_db, pool) => {
      const count = async (sql: string) => Number((await pool.query<{ n: string }>(sql)).rows[0]!.n);
      const kinds = await pool.query<{ kind: string; n: string }>(
        "select kind, count(*) as n from reads group by kind",
      );
      return {
        reads: Object.fromEntries(kinds.rows.map((row) => [row.kind, Number(row.n)])),
        sightings: await count("select count(*) as n from read_sightings"),
        positions: await count("select count(*) as n from positions"),
        failures: await count("select count(*) as n from read_failures"),
      };
    });
    console.log(JSON.stringify({ bytes, ...counts }));
  } finally {
    await store.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
