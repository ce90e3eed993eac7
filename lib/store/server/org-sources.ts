import "server-only";
import { sql } from "drizzle-orm";
import { type StoreConnection, defaultConnection } from "./connection";
import { groupsBefore, regroup } from "./model-groups";
import { markRead } from "./model-funds";

// Each source's rounds of reading every fund (lib/fund-reads/server/organization.ts), kept in the store so every
// instance knows how far the organization's reads have come and when the next round is due.

export interface SourceRound {
  startedAt: Date | null;
  endedAt: Date | null;
  listFailure: string | null;
  /** The status the funds list's failure answers with (502, 504, …). */
  listFailureStatus: number | null;
  /** How many funds of the source the model lists now. */
  listed: number;
}

/** The source's last round (by its fingerprint), or nothing yet. */
export function sourceRound(fingerprint: string, store: StoreConnection = defaultConnection()): Promise<SourceRound> {
  return store.use(async (_db, pool) => {
    const found = await pool.query<{
      round_started_at: Date | null;
      round_ended_at: Date | null;
      list_failure: string | null;
      list_failure_status: number | null;
      listed: number;
    }>(
      `select o.round_started_at, o.round_ended_at, o.list_failure, o.list_failure_status,
              (select count(*)::int from org_funds f where f.fingerprint = $1 and f.listed) as listed
       from (select $1::text as fingerprint) s left join org_sources o on o.fingerprint = s.fingerprint`,
      [fingerprint],
    );
    const row = found.rows[0];
    return {
      startedAt: row?.round_started_at ? new Date(row.round_started_at) : null,
      endedAt: row?.round_ended_at ? new Date(row.round_ended_at) : null,
      listFailure: row?.list_failure ?? null,
      listFailureStatus: row?.list_failure_status ?? null,
      listed: row?.listed ?? 0,
    };
  });
}

/** A round begins (or ends, with the funds list's failure when it could not be read). */
export function noteRound(
  fingerprint: string,
  change: { startedAt: Date } | { endedAt: Date; listFailure: { status: number; message: string } | null },
  store: StoreConnection = defaultConnection(),
): Promise<void> {
  return store.use(async (_db, pool) => {
    if ("startedAt" in change)
      await pool.query(
        `insert into org_sources (fingerprint, round_started_at) values ($1, $2)
         on conflict (fingerprint) do update set round_started_at = excluded.round_started_at`,
        [fingerprint, change.startedAt.toISOString()],
      );
    else
      await pool.query(
        `insert into org_sources (fingerprint, round_ended_at, list_failure, list_failure_status)
         values ($1, $2, $3, $4)
         on conflict (fingerprint) do update set round_ended_at = excluded.round_ended_at,
           list_failure = excluded.list_failure, list_failure_status = excluded.list_failure_status`,
        [
          fingerprint,
          change.endedAt.toISOString(),
          change.listFailure?.message ?? null,
          change.listFailure?.status ?? null,
        ],
      );
  });
}

/**
 * A fund's list taken from what was kept (another instance read it lately): read as of that read, if its positions
 * are that read's. False when the model holds another read of it (the list is kept when its writer's batch lands).
 */
export function noteKeptRead(
  input: { fundKey: string; digest: string; seenAt: Date },
  store: StoreConnection = defaultConnection(),
): Promise<boolean> {
  return store.use((db) =>
    db.transaction(async (tx) => {
      const found = await tx.execute<{ id: number; read_id: string | null; digest: string | null }>(
        sql`select id, read_id, digest from org_funds where fund_key = ${input.fundKey}`,
      );
      const fund = found.rows[0];
      if (!fund || fund.read_id === null || fund.digest !== input.digest) return false;
      const before = await groupsBefore(tx, [Number(fund.id)]);
      const counting = await markRead(tx, [
        { fund: Number(fund.id), readId: Number(fund.read_id), digest: input.digest, readAt: input.seenAt },
      ]);
      await regroup(tx, counting, before);
      return true;
    }),
  );
}

/** The funds each of these fingerprints' newest funds list named (a start's catalog of what its tokens list). */
export function listedFunds(
  fingerprints: readonly string[],
  store: StoreConnection = defaultConnection(),
): Promise<{ fingerprint: string; fundId: string; organization: string | null }[]> {
  return store.use(
    async (_db, pool) =>
      (
        await pool.query(
          `select fingerprint, fund_id as "fundId", organization from org_funds
           where listed and fingerprint = any($1::text[]) order by fingerprint, ordinal`,
          [fingerprints],
        )
      ).rows,
  );
}

/**
 * Funds of sources no longer configured (another token or address) leave the views: the model counts only what the
 * current sources' tokens list. Their kept reads stay, under their own keys, as history.
 */
export function retireOtherSources(fingerprints: readonly string[], store: StoreConnection = defaultConnection()) {
  return store.use((db) =>
    db.transaction(async (tx) => {
      const found = await tx.execute<{ id: number }>(
        sql`select id from org_funds where listed and fingerprint <> all(${sql.param(fingerprints)}::text[])`,
      );
      const ids = found.rows.map((row) => Number(row.id));
      if (ids.length === 0) return 0;
      const before = await groupsBefore(tx, ids);
      await tx.execute(sql`update org_funds set listed = false where id = any(${sql.param(ids)}::int[])`);
      await regroup(tx, ids, before);
      return ids.length;
    }),
  );
}

/** The source's funds whose investor list was tried (read or failed) since `since`: a resumed round leaves them. */
export function triedSince(
  fingerprint: string,
  since: Date,
  store: StoreConnection = defaultConnection(),
): Promise<Set<string>> {
  return store.use(async (_db, pool) => {
    const found = await pool.query<{ fund_id: string }>(
      `select fund_id from org_funds where fingerprint = $1 and tried_at >= $2`,
      [fingerprint, since.toISOString()],
    );
    return new Set(found.rows.map((row) => row.fund_id));
  });
}
