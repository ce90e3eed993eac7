import "server-only";
import { type StoreConnection } from "./connection";

// The read model's statistics and space kept up as it changes: PGlite runs no autovacuum, and a plan made on the
// statistics of a table a tenth its size scans every row (100,000 positions: each batch's regrouping grew from 0.1
// to 1 s). PostgreSQL's autovacuum does the same work, later; asking it sooner changes nothing but the plans.

interface Upkeep {
  /** Rows written to the model since its tables were last analyzed, and how many it held then. */
  written: number;
  analyzedRows: number;
  /** Rows replaced (deleted) since the big tables were last vacuumed. */
  replaced: number;
  running: Promise<void> | null;
}

const upkeeps = new WeakMap<StoreConnection, Upkeep>();

function upkeepOf(store: StoreConnection): Upkeep {
  let upkeep = upkeeps.get(store);
  if (!upkeep) upkeeps.set(store, (upkeep = { written: 0, analyzedRows: 0, replaced: 0, running: null }));
  return upkeep;
}

// The tables the model's regrouping and views plan on, analyzed as they grow; the kept reads' own tables, read by
// their keys, once a round is over (the growth's analyzes took 5.4 s of a 100,000-position first start, a third of
// it on those two).
const modelTables = "org_funds, org_positions, org_investors, org_investor_types";
const keptTables = "reads, positions";

/** Notes rows written to (and replaced in) the model; analyzes its tables once they grew by a quarter. */
export function noteModelWrites(store: StoreConnection, written: number, replaced: number): Promise<void> {
  const upkeep = upkeepOf(store);
  upkeep.written += written;
  upkeep.replaced += replaced;
  if (upkeep.running || upkeep.written < Math.max(5_000, upkeep.analyzedRows / 4)) return Promise.resolve();
  const rows = upkeep.analyzedRows + upkeep.written;
  upkeep.written = 0;
  upkeep.running = store
    .use(async (_db, pool) => {
      // A role that does not own the tables is told it may not (a warning): its PostgreSQL's autovacuum does it.
      await pool.query(`analyze ${modelTables}`);
    })
    .then(() => void (upkeep.analyzedRows = rows))
    .catch(() => undefined)
    .finally(() => (upkeep.running = null));
  return upkeep.running;
}

/**
 * After a round: the small tables each read updates vacuumed, and the big ones too when a tenth of their rows were
 * replaced since, so their dead rows' space is used again (PGlite never frees it otherwise).
 */
export async function vacuumModel(store: StoreConnection): Promise<void> {
  const upkeep = upkeepOf(store);
  const big = upkeep.replaced > upkeep.analyzedRows / 10;
  if (big) upkeep.replaced = 0;
  await store
    .use(async (_db, pool) => {
      await pool.query("vacuum (analyze) org_funds, org_investor_types, org_sources");
      await pool.query(`analyze ${keptTables}`);
      if (big) await pool.query("vacuum (analyze) org_positions, org_investors");
    })
    .catch(() => undefined);
}
