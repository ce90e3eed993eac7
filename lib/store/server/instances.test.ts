import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dumpDatabase, startPostgres } from "../../../scripts/postgres-server.mjs";
import { freePort } from "../../../scripts/free-port.mjs";
import { StoreConnection } from "./connection";
import { tryWithJobLock, withFundReadLock } from "./locks";
import { unpackRecord } from "./packed-record";
import { StoreUnavailable } from "./status";
import { at, investor, testDatabase, testStore, type TestDriver } from "./test-stores";
import { recordFund, recordInvestorList } from "./writes";
import { pgliteFolder } from "@/lib/testing/pglite-folder";

const migrationCount = (
  JSON.parse(readFileSync(join(process.cwd(), "lib/store/migrations/meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  }
).entries.length;

const later = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe.each<[TestDriver]>([["pglite"], ["postgres"]])("locks on %s", (driver) => {
  it("lets one holder read a fund at a time, and one instance run a job", async () => {
    const { store, dispose } = await testStore(driver);
    // On PostgreSQL the second holder is another instance: its own pool and sessions on the same database.
    const other = driver === "postgres" ? new StoreConnection({ ...store.config }) : store;
    try {
      let release!: () => void;
      const held = new Promise<void>((done) => (release = done));
      const first = withFundReadLock("f1", 1_000, () => held.then(() => "first"), store);
      await later(300);
      expect(await withFundReadLock("f1", 200, async () => "second", other)).toEqual({ ran: false });
      expect(await withFundReadLock("f2", 200, async () => "other fund", other)).toEqual({
        ran: true,
        value: "other fund",
      });
      const waiting = withFundReadLock("f1", 5_000, async () => "after", other);
      const job = tryWithJobLock("snapshot", () => held.then(() => 1), store);
      await later(300);
      expect(await tryWithJobLock("snapshot", async () => 2, other)).toEqual({ ran: false });
      release();
      expect(await first).toEqual({ ran: true, value: "first" });
      expect(await waiting).toEqual({ ran: true, value: "after" });
      expect(await job).toEqual({ ran: true, value: 1 });
    } finally {
      if (other !== store) await other.close();
      await dispose();
    }
  }, 60_000);
});

describe("the store on PostgreSQL", () => {
  it("reports a lock's session ended mid-wait as the store unavailable, without hanging on that session", async () => {
    const { store, dispose } = await testStore("postgres");
    const other = new StoreConnection({ ...store.config });
    try {
      let release!: () => void;
      const held = withFundReadLock("f1", 1_000, () => new Promise<void>((done) => (release = done)), store);
      await later(300);
      const waiting = withFundReadLock("f1", 10_000, async () => "never", other);
      // The waiting session's backend is ended by the server (a restart, an administrator): not a lock timeout.
      let ended = false;
      for (let tries = 0; tries < 50 && !ended; tries += 1) {
        await later(100);
        const killed = await store.use((_db, pool) =>
          pool.query<{ n: number }>(
            `select count(pg_terminate_backend(pid))::int as n from pg_locks
             where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`,
          ),
        );
        ended = killed.rows[0]!.n > 0;
      }
      expect(ended).toBe(true);
      await expect(waiting).rejects.toBeInstanceOf(StoreUnavailable);
      expect(other.status().state).toBe("unavailable");
      release();
      await held;
    } finally {
      await other.close();
      await dispose();
    }
  }, 30_000);

  it("applies its migrations once when instances open together", async () => {
    const url = await testDatabase();
    const stores = [1, 2, 3].map(() => new StoreConnection({ url, dir: "" }));
    await Promise.all(stores.map((store) => store.open()));
    try {
      expect(stores.map((store) => store.status().state)).toEqual(["ready", "ready", "ready"]);
      const applied = await stores[0]!.use((_db, pool) =>
        pool.query("select count(*)::int n from drizzle.__drizzle_migrations"),
      );
      // Each committed migration once, not once per instance.
      expect(applied.rows[0].n).toBe(migrationCount);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  }, 60_000);

  it("answers StoreUnavailable while the server is down, and recovers by itself", async () => {
    const port = await freePort();
    const store = new StoreConnection({ url: `postgres://postgres:secret@127.0.0.1:${port}/postgres`, dir: "" });
    const write = () => recordFund({ fundId: "f", readAt: at("2026-01-01T00:00:00Z"), digest: "d", fund: {} }, store);
    await store.open();
    expect(store.status()).toMatchObject({ state: "unavailable", location: expect.not.stringContaining("secret") });
    const refused = await write().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StoreUnavailable);
    expect(refused).toMatchObject({
      status: 503,
      message: expect.stringMatching(/^History unavailable: .*ECONNREFUSED/),
    });
    const server = await startPostgres(port);
    try {
      // A store that failed to open is tried again after a pause (not on every call), then serves by itself.
      await expect.poll(() => write().catch(() => null), { timeout: 20_000, interval: 500 }).toBe("new");
      expect(store.status().state).toBe("ready");
    } finally {
      await store.close();
      await server.stop();
    }
  }, 60_000);

  it("can be dumped with pg_dump, records and all", async () => {
    const { store, dispose } = await testStore("postgres");
    try {
      const investors = [{ record: investor("dumped", { tax_id: "***-**-6789" }), taxKey: "hmac" }];
      await recordInvestorList(
        { fundId: "d", readAt: at("2026-01-01T00:00:00Z"), digest: "x", fund: null, investors },
        store,
      );
      const dump = await dumpDatabase(store.config.url!);
      expect(dump).toContain("CREATE TABLE public.positions");
      // The position's row, its record packed (bytea in hex): what a restore would read back.
      const lines = dump.split("\n");
      const copy = lines.findIndex((line) => line.startsWith("COPY public.positions "));
      const columns = /\((.*)\)/.exec(lines[copy]!)![1]!.split(", ");
      const row = lines[copy + 1]!.split("\t");
      expect(row[columns.indexOf("investor_id")]).toBe("dumped");
      const packed = Buffer.from(row[columns.indexOf("packed")]!.replace(/^\\\\x/, ""), "hex");
      expect(unpackRecord(packed)).toMatchObject({ id: "dumped", tax_id: "***-**-6789" });
    } finally {
      await dispose();
    }
  }, 60_000);
});

describe("the embedded store's folder", () => {
  const folder = mkdtempSync(join(tmpdir(), "fe-store-lock-"));
  const dir = pgliteFolder(folder);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("is opened by one process: a second gets an error naming the folder", async () => {
    const first = new StoreConnection({ dir });
    // A start waits a while for a holder that is closing the folder (the next test); this one is not closing.
    const second = new StoreConnection({ dir, lockWaitMs: 300 });
    try {
      await first.open();
      expect(first.status().state).toBe("ready");
      // The second store starts its own process, which finds the first's holding the folder.
      await second.open();
      expect(second.status()).toMatchObject({ state: "unavailable", reason: expect.stringContaining(dir) });
      expect(second.status().reason).toContain("Several instances need DATABASE_URL");
      const refused = await recordFund({ fundId: "f", readAt: new Date(), digest: "d", fund: {} }, second).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(StoreUnavailable);
    } finally {
      await second.close();
      await first.close();
    }
  }, 60_000);

  it("opens once a restart's previous process lets the folder go, without being refused meanwhile", async () => {
    const previous = new StoreConnection({ dir });
    const next = new StoreConnection({ dir, lockWaitMs: 20_000 });
    try {
      await previous.open();
      const opening = next.open();
      await later(1_000);
      await previous.close();
      await opening;
      expect(next.status().state).toBe("ready");
    } finally {
      await next.close();
      await previous.close();
    }
  }, 60_000);

  it("takes over at once the lock of a holder killed but not yet collected (a zombie)", async () => {
    // The shell starts `true`, prints its pid and becomes `sleep`, which never collects it: a zombie for 5 s.
    const shell = spawn("sh", ["-c", "true & echo $!; exec sleep 5"], { stdio: ["ignore", "pipe", "ignore"] });
    const zombie = Number(await new Promise<string>((done) => shell.stdout.once("data", (data) => done(String(data)))));
    await later(200);
    writeFileSync(`${dir}.lock`, String(zombie));
    const store = new StoreConnection({ dir, lockWaitMs: 20_000 });
    const started = Date.now();
    try {
      await store.open();
      expect(store.status().state).toBe("ready");
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await store.close();
      shell.kill();
    }
  }, 60_000);

  it("takes over the lock of a process that is gone", async () => {
    const gone = spawnSync(process.execPath, ["-e", "0"]).pid;
    writeFileSync(`${dir}.lock`, String(gone));
    const store = new StoreConnection({ dir });
    try {
      await store.open();
      expect(store.status().state).toBe("ready");
    } finally {
      await store.close();
    }
  }, 60_000);
});
