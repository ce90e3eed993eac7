import "server-only";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { Pool, type PoolClient } from "pg";
import { serverEnv } from "@/lib/server/env";
import { processWide } from "@/lib/server/process-wide";
import { type PgliteHost, startPgliteHost, takeEarly } from "../pglite-host.mjs";
import { redactedUrl, StatusBoard, type StoreStatus, StoreUnavailable } from "./status";

export type StoreDb = NodePgDatabase;
/** A write's transaction: what runs in it commits or rolls back with the read. */
export type StoreTx = Parameters<Parameters<StoreDb["transaction"]>[0]>[0];

export interface StoreConfig {
  /** A PostgreSQL URL; without it, the embedded PGlite in `dir`. */
  url?: string;
  dir: string;
  /** Set by the environment; a store a test makes is configured too. */
  configured?: boolean;
  /** How long an embedded store waits for another process to let its folder go (lib/store/folder-lock.mjs). */
  lockWaitMs?: number;
}

const migrationsFolder = () => resolve(process.cwd(), "lib/store/migrations");

/** One store: its pool (to PostgreSQL, or to the embedded store's process), its state, opened on first use. */
export class StoreConnection {
  readonly board: StatusBoard;
  private pool: Pool | null = null;
  private sessions: Pool | null = null;
  private db: StoreDb | null = null;
  private host: PgliteHost | null = null;
  private opening: Promise<void> | null = null;
  private retryAt = 0;
  /** An embedded folder that did not exist when this connection was made: it holds nothing kept before. */
  readonly startsEmpty: boolean;

  constructor(readonly config: StoreConfig) {
    this.startsEmpty = !config.url && !existsSync(resolve(config.dir));
    this.board = config.url
      ? new StatusBoard("postgres", redactedUrl(config.url), config.configured ?? true)
      : new StatusBoard("pglite", resolve(config.dir), config.configured ?? true);
  }

  get driver() {
    return this.board.status.driver;
  }

  status(): StoreStatus {
    return this.board.status;
  }

  /** Idempotent; resolves even when the store cannot be opened (the status says why). */
  open(): Promise<void> {
    if (this.db && this.board.status.state === "ready") return Promise.resolve();
    // A store that failed to open is tried again after a pause, not on every read (an embedded one starts a process).
    if (this.board.status.state === "unavailable" && Date.now() < this.retryAt) return Promise.resolve();
    this.opening ??= this.connect().finally(() => (this.opening = null));
    return this.opening;
  }

  /** Runs `fn` on the open store; any failure marks it unavailable and is thrown as StoreUnavailable. */
  async use<T>(fn: (db: StoreDb, pool: Pool) => Promise<T>): Promise<T> {
    await this.open();
    const { db, pool } = this;
    if (!db || !pool) throw new StoreUnavailable(this.board.status.reason ?? "the store is not open");
    try {
      return await fn(db, pool);
    } catch (error) {
      throw await this.failed(error);
    }
  }

  /**
   * A session of its own for advisory locks (PostgreSQL), pooled: a connection per fund read cost the build 1.5x.
   * Null when every session stayed busy past the pool's wait: the lock is not had, and the store is not down.
   */
  async lockSession(): Promise<PoolClient | null> {
    await this.open();
    if (!this.config.url || !this.pool) throw new StoreUnavailable(this.board.status.reason ?? "no shared store");
    const sessions = (this.sessions ??= watched(
      new Pool({ connectionString: this.config.url, ...poolLimits, max: 50 }),
    ));
    try {
      return await sessions.connect();
    } catch (error) {
      if (sessions.totalCount >= 50 && sessions.idleCount === 0) return null;
      throw await this.failed(error);
    }
  }

  /** Marks the store unavailable and drops its pool, so the next call connects again. */
  async failed(error: unknown): Promise<StoreUnavailable> {
    if (error instanceof StoreUnavailable) return error;
    const reason = error instanceof Error ? error.message : String(error);
    // PGlite's one session was busy past the wait: the store is slow, not down, and dropping it would lose the queue.
    if (this.driver === "pglite" && /timeout exceeded when trying to connect/.test(reason))
      return new StoreUnavailable("the embedded store is busy");
    this.board.set("unavailable", reason);
    await this.dropPool();
    return new StoreUnavailable(reason);
  }

  async close(): Promise<void> {
    await this.opening?.catch(() => undefined);
    await this.dropPool();
    await this.host?.stop();
    this.host = null;
    this.board.set("closed");
  }

  private async connect(): Promise<void> {
    this.board.set("opening", null);
    try {
      const pool = await this.newPool();
      await applyMigrations(pool);
      this.pool = pool;
      this.db = drizzle(pool);
      this.board.set("ready");
    } catch (error) {
      this.retryAt = Date.now() + reopenPauseMs;
      await this.failed(error);
    }
  }

  private async newPool(): Promise<Pool> {
    await this.dropPool();
    if (this.config.url) return watched(new Pool({ connectionString: this.config.url, ...poolLimits, max: 10 }));
    if (!this.host?.alive())
      this.host = await (takeEarly(this.config.dir) ?? startPgliteHost(this.config.dir, this.config.lockWaitMs));
    // PGlite is one Postgres session: one connection, and the pool queues the rest.
    const { port } = this.host;
    return watched(
      // Its one connection is queued for behind a long write (a 50,000-position list): a wait, not an outage.
      new Pool({ ...embedded(port), ...poolLimits, connectionTimeoutMillis: 60_000, max: 1 }),
    );
  }

  private async dropPool() {
    const pools = [this.pool, this.sessions];
    this.pool = null;
    this.sessions = null;
    this.db = null;
    await Promise.all(pools.map((pool) => pool?.end().catch(() => undefined)));
  }
}

const reopenPauseMs = 5_000;

// Fail fast: a store that does not answer makes the history unavailable, never a page slow.
const embedded = (port: number) => ({ host: "127.0.0.1", port, user: "postgres", database: "postgres" });
// No allowExitOnIdle: a command waiting on a queued query must not exit with it unsettled; closeStore ends the pool.
const poolLimits = { connectionTimeoutMillis: 3_000, idleTimeoutMillis: 30_000 };

// An idle client's error (the server restarted) would otherwise crash the process; the next query reports it. So
// would a checked-out client's between two queries of a transaction (node-postgres emits it with no query to fail):
// an uncaught ECONNRESET when the store's process ended mid-transaction.
function watched(pool: Pool): Pool {
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", () => undefined));
  return pool;
}

/** Applies the committed migrations once: instances opening together wait on one advisory lock. */
export async function applyMigrations(pool: Pool): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("select pg_advisory_lock(hashtext('fund-explorer.store.migrations'))");
    // Drizzle's migrator creates its schema first, which a server role without CREATE may not (docs/audit.md).
    if (await migrationsPending(client)) await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    // Closing the session also frees the lock, if unlocking failed.
    if (!broken) await client.query("select pg_advisory_unlock_all()").catch((error: Error) => (broken = error));
    client.release(broken);
  }
}

/** Whether a committed migration is newer than the last one applied (drizzle's own test, by folder time). */
async function migrationsPending(client: PoolClient): Promise<boolean> {
  const newest = Math.max(...readMigrationFiles({ migrationsFolder: migrationsFolder() }).map((m) => m.folderMillis));
  const table = await client.query<{ present: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!table.rows[0]?.present) return true;
  const applied = await client.query<{ last: string | null }>(
    "select max(created_at)::text as last from drizzle.__drizzle_migrations",
  );
  const last = applied.rows[0]?.last;
  return last === null || last === undefined || Number(last) < newest;
}

/** The process's store, from the environment (DATABASE_URL, else DATABASE_DIR); never opened here. */
export function defaultConnection(): StoreConnection {
  return processWide("store", () => {
    const { DATABASE_URL, DATABASE_DIR } = serverEnv();
    return new StoreConnection({ url: DATABASE_URL, dir: DATABASE_DIR });
  });
}
