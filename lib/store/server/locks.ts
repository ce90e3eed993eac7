import "server-only";
import type { PoolClient } from "pg";
import { processWide } from "@/lib/server/process-wide";
import { type StoreConnection, defaultConnection } from "./connection";
import { NamedMutex } from "./mutex";

type Ran<T> = { ran: true; value: T } | { ran: false };

const mutex = () => processWide("store-mutex", () => new NamedMutex());
const ran = <T>(result: { value: T } | null): Ran<T> => (result ? { ran: true, value: result.value } : { ran: false });

/** A lock's own query failed: the store is marked unavailable once its session is back in the pool. */
class LockQueryFailed {
  constructor(readonly cause: unknown) {}
}

// Each lock holds a session of its own for as long as `fn` runs: the query pool's connections stay free for `fn`.
// With every session busy, the lock is not had (ran: false), as when its wait runs out.
async function withSession<T>(store: StoreConnection, fn: (client: PoolClient) => Promise<Ran<T>>): Promise<Ran<T>> {
  const client = await store.lockSession();
  if (!client) return { ran: false };
  let failed: LockQueryFailed;
  try {
    return await fn(client);
  } catch (error) {
    if (!(error instanceof LockQueryFailed)) throw error;
    failed = error;
  } finally {
    // A session goes back to the pool without its advisory locks; one that cannot free them is closed, which does.
    const freed = await client.query("select pg_advisory_unlock_all()").then(
      () => true,
      () => false,
    );
    client.release(!freed);
  }
  // Only now: marking the store unavailable ends its pools, which waits for this session to be back.
  throw await store.failed(failed.cause);
}

/** Runs `fn` while this instance alone reads `fundId` (advisory lock per fund); ran:false if not had within waitMs. */
export function withFundReadLock<T>(
  fundId: string,
  waitMs: number,
  fn: () => Promise<T>,
  store: StoreConnection = defaultConnection(),
): Promise<Ran<T>> {
  const key = `fund-explorer.fund-read:${fundId}`;
  if (store.driver === "pglite") return mutex().run(key, waitMs, fn).then(ran);
  return withSession<T>(store, async (client) => {
    try {
      await client.query(`set lock_timeout = ${Math.max(1, Math.round(waitMs))}`);
      await client.query("select pg_advisory_lock(hashtext($1))", [key]);
    } catch (error) {
      // 55P03: lock_not_available, the wait ran out.
      if ((error as { code?: string }).code === "55P03") return { ran: false };
      throw new LockQueryFailed(error);
    }
    return { ran: true, value: await fn() };
  });
}

/** Runs `fn` only if no instance runs the job `name` now (the daily snapshot runs once). */
export function tryWithJobLock<T>(
  name: string,
  fn: () => Promise<T>,
  store: StoreConnection = defaultConnection(),
): Promise<Ran<T>> {
  const key = `fund-explorer.job:${name}`;
  if (store.driver === "pglite") return mutex().tryRun(key, fn).then(ran);
  return withSession<T>(store, async (client) => {
    let locked: boolean;
    try {
      locked = (await client.query<{ locked: boolean }>("select pg_try_advisory_lock(hashtext($1)) as locked", [key]))
        .rows[0]!.locked;
    } catch (error) {
      throw new LockQueryFailed(error);
    }
    return locked ? { ran: true, value: await fn() } : { ran: false };
  });
}
