import "server-only";
import type { StoreScope } from "../model";
import { type StoreConnection, defaultConnection } from "./connection";
import { counted, Params } from "./org-scope";
import { unpackRecord } from "./packed-record";

// Every kept position of every fund in scope, as the funds' current reads hold them (masked), for the file of all
// investors: a fund at a time in the funds list's order, a slice of its positions per query, so memory holds one
// slice whatever the organization's size.

/** A slice of one fund's current positions, in its list's order. */
export interface KeptPositionSlice {
  fingerprint: string;
  fundId: string;
  name: string | null;
  records: Record<string, unknown>[];
}

interface FundRow {
  fingerprint: string;
  fund_id: string;
  name: string | null;
  read_id: string;
}

/** The positions of every counted fund in `scope`, `size` at a time. */
export async function* keptPositionSlices(
  scope: StoreScope,
  size = 1_000,
  store: StoreConnection = defaultConnection(),
): AsyncGenerator<KeptPositionSlice> {
  const params = new Params();
  const funds = await store.use((_db, pool) =>
    pool.query<FundRow>(
      `select f.fingerprint, f.fund_id, f.name, f.read_id from org_funds f
       where ${counted(scope, params)} and f.read_id is not null order by f.fingerprint, f.ordinal`,
      params.values,
    ),
  );
  for (const fund of funds.rows) {
    let after = -1;
    for (;;) {
      const found = await store.use((_db, pool) =>
        pool.query<{ ordinal: number; packed: Buffer | null; record: Record<string, unknown> | null }>(
          `select ordinal, packed, record from positions where read_id = $1 and ordinal > $2 order by ordinal limit $3`,
          [fund.read_id, after, size],
        ),
      );
      if (found.rows.length === 0) break;
      yield {
        fingerprint: fund.fingerprint,
        fundId: fund.fund_id,
        name: fund.name,
        records: found.rows.map((row) => (row.packed ? unpackRecord(row.packed) : (row.record ?? {}))),
      };
      if (found.rows.length < size) break;
      after = found.rows.at(-1)!.ordinal;
    }
  }
}
