import "server-only";
import { sql } from "drizzle-orm";
import { fundFigures } from "../columns";
import type { ModelPosition } from "../model";
import { toJson } from "../schema";
import { type StoreConnection, defaultConnection, type StoreTx } from "./connection";
import { bumpGeneration } from "./generation";
import { noteModelWrites } from "./model-upkeep";
import { modelLists } from "./model-writes";
import { type PositionRow, positionsInsert, positionsPerStatement } from "./position-rows";

// Many reads kept in one transaction, each exactly as recordFund and recordInvestorList keep one: a sighting of the
// last kept version when its digest is the same, else a new version with its positions. One statement per step for
// the whole batch: a directory of 2,000 small funds was ~10 statements each, which PGlite (one session, each
// statement a round trip to its process) wrote at ~30 funds a second, slower than the upstream was read.

type Tx = StoreTx;
type Kept = { record: Record<string, unknown>; taxKey: string | null };

/** What was just kept of a fund's investor list, for work that must commit or roll back with it. */
export interface KeptListFacts {
  fundKey: string;
  /** The read kept: new content, or the last kept read seen again. */
  readId: number;
  kept: "new" | "seen";
  /** The read the new content follows (null for the fund's first, and for a sighting). */
  previousReadId: number | null;
  readAt: Date;
  digest: string;
  fund: Record<string, unknown> | null;
  investors: readonly Kept[];
}

/**
 * Work run inside the transaction that keeps investor lists (alerts' events), registered by its caller: every list of
 * the transaction at once (a batch of 200 funds costs a few statements, not a few per fund).
 */
export type AfterKept = (tx: StoreTx, facts: readonly KeptListFacts[]) => Promise<void>;

export type KeptWrite =
  | { kind: "fund"; fundId: string; readAt: Date; digest: string; fund: Record<string, unknown> }
  | {
      kind: "investors";
      fundId: string;
      readAt: Date;
      digest: string;
      fund: Record<string, unknown> | null;
      investors: readonly Kept[];
      /** The list's positions as the read model takes them (in the list's order); without them the model is left. */
      model?: readonly ModelPosition[];
    };

const keyOf = (write: { kind: string; fundId: string }) => `${write.kind}\u0000${write.fundId}`;

async function lastOf(tx: Tx, writes: readonly KeptWrite[]) {
  const found = await tx.execute<{ id: string; kind: string; fund_id: string; digest: string }>(sql`
    select distinct on (kind, fund_id) id, kind, fund_id, digest from reads
    where (kind, fund_id) in (select * from unnest(${sql.param(writes.map((w) => w.kind))}::text[], ${sql.param(writes.map((w) => w.fundId))}::text[]))
    order by kind, fund_id, read_at desc, id desc`);
  return new Map(found.rows.map((row) => [keyOf({ kind: row.kind, fundId: row.fund_id }), row]));
}

async function seen(tx: Tx, sightings: readonly { id: number; at: Date }[]) {
  if (sightings.length === 0) return;
  const ids = sightings.map((s) => s.id);
  const ats = sightings.map((s) => s.at.toISOString());
  await tx.execute(sql`
    update reads set last_seen_at = greatest(reads.last_seen_at, t.at)
    from unnest(${sql.param(ids)}::bigint[], ${sql.param(ats)}::timestamptz[]) t(id, at) where reads.id = t.id`);
  await tx.execute(
    sql`insert into read_sightings (read_id, seen_at) select * from unnest(${sql.param(ids)}::bigint[], ${sql.param(ats)}::timestamptz[])`,
  );
}

async function inserted(tx: Tx, writes: readonly KeptWrite[]): Promise<Map<string, number>> {
  if (writes.length === 0) return new Map();
  const figures = writes.map((write) => fundFigures(write.fund));
  const column = <T>(pick: (write: KeptWrite, at: number) => T) => sql.param(writes.map(pick));
  const found = await tx.execute<{ id: string; kind: string; fund_id: string }>(sql`
    insert into reads (kind, fund_id, digest, read_at, last_seen_at, record, total_commitments, total_contributed,
                       total_received, investor_count)
    select * from unnest(${column((w) => w.kind)}::text[], ${column((w) => w.fundId)}::text[],
      ${column((w) => w.digest)}::text[], ${column((w) => w.readAt.toISOString())}::timestamptz[],
      ${column((w) => w.readAt.toISOString())}::timestamptz[],
      ${column((w) => (w.kind === "fund" ? toJson(w.fund) : null))}::jsonb[],
      ${column((_, at) => figures[at]!.totalCommitments)}::numeric[],
      ${column((_, at) => figures[at]!.totalContributed)}::numeric[],
      ${column((_, at) => figures[at]!.totalReceived)}::numeric[],
      ${column((_, at) => figures[at]!.investorCount)}::integer[])
    returning id, kind, fund_id`);
  const ids = new Map(found.rows.map((row) => [keyOf({ kind: row.kind, fundId: row.fund_id }), Number(row.id)]));
  await seen(
    tx,
    writes.map((write) => ({ id: ids.get(keyOf(write))!, at: write.readAt })),
  );
  return ids;
}

async function positions(tx: Tx, writes: readonly KeptWrite[], ids: Map<string, number>) {
  let chunk: PositionRow[] = [];
  const flush = async () => {
    if (chunk.length > 0) await tx.execute(positionsInsert(chunk));
    chunk = [];
    await new Promise((turn) => setImmediate(turn));
  };
  for (const write of writes) {
    if (write.kind !== "investors") continue;
    const readId = ids.get(keyOf(write))!;
    for (const [ordinal, { record, taxKey }] of write.investors.entries()) {
      chunk.push({ readId, ordinal, record, taxKey });
      if (chunk.length === positionsPerStatement) await flush();
    }
  }
  await flush();
}

/** Runs `afterKept` on the batch's investor lists, in the batch's transaction, as recordInvestorList does for one. */
async function afterLists(
  tx: Tx,
  writes: readonly KeptWrite[],
  last: Awaited<ReturnType<typeof lastOf>>,
  ids: Map<string, number>,
  afterKept: AfterKept,
) {
  const facts: KeptListFacts[] = [];
  for (const write of writes) {
    if (write.kind !== "investors") continue;
    const before = last.get(keyOf(write));
    const id = ids.get(keyOf(write));
    facts.push({
      fundKey: write.fundId,
      readId: id ?? Number(before!.id),
      kept: id === undefined ? "seen" : "new",
      previousReadId: id === undefined || !before ? null : Number(before.id),
      readAt: write.readAt,
      digest: write.digest,
      fund: write.fund,
      investors: write.investors,
    });
  }
  if (facts.length > 0) await afterKept(tx, facts);
}

/**
 * Keeps the reads (at most one per kind and fund) in one transaction: for each, "new" or "seen". Two reads of one
 * fund belong in two batches, in the order they were made. `afterKept` runs for each investor list inside it.
 */
export async function recordReads(
  writes: readonly KeptWrite[],
  store: StoreConnection = defaultConnection(),
  afterKept?: AfterKept,
): Promise<("new" | "seen")[]> {
  if (new Set(writes.map(keyOf)).size !== writes.length) throw new Error("one read per kind and fund in a batch");
  let modelled = { written: 0, replaced: 0 };
  try {
    const kept = await store.use((db) =>
      db.transaction(async (tx) => {
        const last = await lastOf(tx, writes);
        const unchanged = writes.filter((write) => last.get(keyOf(write))?.digest === write.digest);
        const fresh = writes.filter((write) => last.get(keyOf(write))?.digest !== write.digest);
        await seen(
          tx,
          unchanged.map((write) => ({ id: Number(last.get(keyOf(write))!.id), at: write.readAt })),
        );
        const ids = await inserted(tx, fresh);
        await positions(tx, fresh, ids);
        if (afterKept) await afterLists(tx, writes, last, ids, afterKept);
        modelled = await modelLists(
          tx,
          writes.flatMap((write) =>
            write.kind === "investors" && write.model
              ? [
                  {
                    ...write,
                    fundKey: write.fundId,
                    readId: ids.get(keyOf(write)) ?? Number(last.get(keyOf(write))!.id),
                    positions: write.model,
                  },
                ]
              : [],
          ),
        );
        return writes.map((write) => (ids.has(keyOf(write)) ? "new" : "seen"));
      }),
    );
    await noteModelWrites(store, modelled.written, modelled.replaced);
    return kept;
  } finally {
    for (const write of writes) bumpGeneration(write.fundId);
  }
}
