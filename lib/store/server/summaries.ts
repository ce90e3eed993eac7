import "server-only";
import { type StoreConnection, defaultConnection } from "./connection";
import type { KeptList } from "./reads";

/** A fund's newest kept list as a start takes it: its summary (null for reads kept without one). */
export type KeptSummary = Pick<KeptList, "fundId" | "digest" | "lastSeenAt"> & { summary: string | null };

interface SummaryRow {
  fund_id: string;
  digest: string;
  last_seen_at: Date;
  summary: string | null;
}

// As reads.ts's newest lists (a list is served only while no later read of its fund answered 404), without the
// fund's record: one row and one compressed text per fund.
const newestSummaries = `
  select l.fund_id, l.digest, l.last_seen_at, l.summary
  from (select distinct on (fund_id) id, fund_id, digest, read_at, last_seen_at, summary from reads
        where kind = 'investors' and fund_id = any($1::text[]) order by fund_id, read_at desc, id desc) l
  where not exists (select 1 from read_failures x where x.fund_id = l.fund_id and x.status = 404
                    and x.at > l.last_seen_at)
  order by l.fund_id`;

/** The newest kept list of each fund named (by store key), with its summary when it has one. */
export function latestKeptSummaries(
  fundKeys: readonly string[],
  store: StoreConnection = defaultConnection(),
): Promise<KeptSummary[]> {
  return store.use(async (_db, pool) =>
    (await pool.query<SummaryRow>(newestSummaries, [fundKeys])).rows.map((row) => ({
      fundId: row.fund_id,
      digest: row.digest,
      lastSeenAt: new Date(row.last_seen_at),
      summary: row.summary,
    })),
  );
}

// The newest list read of each fund, its investor count only: how a start sizes its queries of summaries.
const newestCounts = `
  select distinct on (fund_id) fund_id, investor_count from reads
  where kind = 'investors' and fund_id = any($1::text[]) order by fund_id, read_at desc, id desc`;

/** How many investors the newest kept list of each fund named (by store key) holds, where it says. */
export function latestKeptCounts(
  fundKeys: readonly string[],
  store: StoreConnection = defaultConnection(),
): Promise<Map<string, number>> {
  return store.use(async (_db, pool) => {
    const { rows } = await pool.query<{ fund_id: string; investor_count: number | null }>(newestCounts, [fundKeys]);
    return new Map(rows.flatMap((row) => (row.investor_count === null ? [] : [[row.fund_id, row.investor_count]])));
  });
}
