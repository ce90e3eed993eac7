import "server-only";
import { type StoreConnection, defaultConnection } from "./connection";
import { type KeptList, latestKeptLists, type RecordShape } from "./reads";

/** A fund's newest kept list as a start takes it: its summary, or (without one) its records cut to `shape`. */
export type KeptSummary = Pick<KeptList, "fundId" | "digest" | "lastSeenAt"> &
  ({ summary: string; investors: null } | { summary: null; investors: KeptList["investors"] });

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

/**
 * The newest kept list of each fund named (by store key): its summary when it has one, else its records cut to
 * `shape` (reads kept before summaries, or a read a person was forgotten from).
 */
export async function latestKeptSummaries(
  fundKeys: readonly string[],
  shape: RecordShape,
  store: StoreConnection = defaultConnection(),
): Promise<KeptSummary[]> {
  const rows = await store.use(async (_db, pool) => (await pool.query<SummaryRow>(newestSummaries, [fundKeys])).rows);
  const bare = rows.filter((row) => row.summary === null).map((row) => row.fund_id);
  const records = new Map(
    (bare.length === 0 ? [] : await latestKeptLists(bare, store, shape)).map((list) => [list.fundId, list]),
  );
  return rows.flatMap((row): KeptSummary[] => {
    const kept = { fundId: row.fund_id, digest: row.digest, lastSeenAt: new Date(row.last_seen_at) };
    if (row.summary !== null) return [{ ...kept, summary: row.summary, investors: null }];
    const list = records.get(row.fund_id);
    return list && list.digest === row.digest ? [{ ...kept, summary: null, investors: list.investors }] : [];
  });
}
