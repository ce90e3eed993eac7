import "server-only";
import { sql } from "drizzle-orm";
import type { ModelFund, ModelPosition } from "../model";
import { groupsBefore, regroup } from "./model-groups";
import { fundIds, listFunds, markFailed, markRead, refreshFacts } from "./model-funds";
import { modelPositionsInsert, modelRowsPerStatement } from "./model-rows";
import type { StoreTx } from "./connection";

// What each kept read does to the read model, inside the transaction that keeps it: the organization-wide views
// query the model, so they show a read exactly when it is kept, on every instance.

/** An investor list kept (new content, or a sighting of the last) with its positions as the model takes them. */
export interface ModelListWrite {
  fundKey: string;
  readId: number;
  digest: string;
  readAt: Date;
  positions: readonly ModelPosition[];
}

/**
 * The funds' positions become those of the lists kept; funds whose positions begin to count are grouped again. The
 * rows written and replaced, for the model's upkeep.
 */
export async function modelLists(
  tx: StoreTx,
  lists: readonly ModelListWrite[],
): Promise<{ written: number; replaced: number }> {
  if (lists.length === 0) return { written: 0, replaced: 0 };
  const ids = await fundIds(
    tx,
    lists.map((list) => list.fundKey),
  );
  const current = await tx.execute<{ id: number; read_id: string | null; counted: boolean }>(sql`
    select id, read_id, listed and status = 'read' as counted from org_funds
    where id = any(${sql.param([...ids.values()])}::int[])`);
  const state = new Map(current.rows.map((row) => [Number(row.id), row]));
  const replaced = lists.filter((list) => {
    const readId = state.get(ids.get(list.fundKey)!)?.read_id;
    return readId === null || readId === undefined || Number(readId) !== list.readId;
  });
  const replacedIds = replaced.map((list) => ids.get(list.fundKey)!);
  const uncounted = lists.map((list) => ids.get(list.fundKey)!).filter((id) => !state.get(id)?.counted);
  const before = await groupsBefore(tx, [...new Set([...replacedIds, ...uncounted])]);
  const removed =
    replacedIds.length === 0
      ? 0
      : ((await tx.execute(sql`delete from org_positions where fund = any(${sql.param(replacedIds)}::int[])`))
          .rowCount ?? 0);
  let chunk: Parameters<typeof modelPositionsInsert>[0][number][] = [];
  const flush = async () => {
    if (chunk.length > 0) await tx.execute(modelPositionsInsert(chunk));
    chunk = [];
    await new Promise((turn) => setImmediate(turn));
  };
  for (const list of replaced) {
    const fund = ids.get(list.fundKey)!;
    for (const [ordinal, position] of list.positions.entries()) {
      chunk.push({ fund, ordinal, position });
      if (chunk.length === modelRowsPerStatement) await flush();
    }
  }
  await flush();
  const reads = lists.map((list) => ({
    fund: ids.get(list.fundKey)!,
    readId: list.readId,
    digest: list.digest,
    readAt: list.readAt,
  }));
  const counting = await markRead(tx, reads);
  await regroup(tx, [...new Set([...replacedIds, ...counting])], before);
  await refreshFacts(tx, replacedIds);
  return { written: replaced.reduce((rows, list) => rows + list.positions.length, 0), replaced: removed };
}

/** A source's funds list: listed in its order; funds that begin or stop counting are grouped again. */
export async function modelFundsList(tx: StoreTx, fingerprint: string, funds: readonly ModelFund[]): Promise<void> {
  const changed = await listFunds(tx, fingerprint, funds);
  await regroup(tx, changed, await groupsBefore(tx, changed));
}

/** A fund's list read failed: it stops counting until read again (gone, with a 404). */
export async function modelFailure(
  tx: StoreTx,
  fundKey: string,
  failure: { status: number; message: string; at: Date },
): Promise<void> {
  const fund = (await fundIds(tx, [fundKey])).get(fundKey)!;
  if (await markFailed(tx, fund, failure)) await regroup(tx, [fund], await groupsBefore(tx, [fund]));
}
