// The store scenario's stores and the tools to watch them: none (a closed port), an embedded PGlite folder, a
// throwaway PostgreSQL cluster; their size and content (store-probe.ts), when their writes have settled, a second
// read of every fund (`npm run snapshot`), and a process's start from the kept reads.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { startPostgres } from "../../scripts/postgres-server.mjs";
import { proxyEnv } from "./auth.mjs";
import { treeCpuSeconds } from "./contention.mjs";
import { getJson } from "./directory-build.mjs";
import { round, sleep } from "./measure.mjs";
import { freePort, logDir, procTable, spawnApp } from "./servers.mjs";

const run = promisify(execFile);
export const STORE_KINDS = ["none", "pglite", "postgres"];

/**
 * A fresh, empty store of a kind: env for the app, and stop(). "none" is DATABASE_URL on a port nobody listens
 * on: the app has no switch to turn the store off, and an unavailable store answers every write and lock at once
 * (ECONNREFUSED, then StoreUnavailable for 5 s before the next try), so each write is a fast no-op.
 */
export async function freshStore(kind) {
  if (kind === "none") {
    const port = await freePort();
    return {
      kind,
      env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` },
      pid: () => null,
      stop() {},
    };
  }
  if (kind === "pglite") {
    const folder = mkdtempSync(join(tmpdir(), "fe-bench-pglite-"));
    return {
      kind,
      env: { DATABASE_DIR: join(folder, "db") },
      // The embedded store's own process, a child of the app server.
      pid: (app) => procTable().find((p) => p.ppid === app?.serverPid && p.cmdline.includes("pglite-child"))?.pid,
      stop: () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const postgres = await startPostgres();
  return {
    kind,
    env: { DATABASE_URL: postgres.url },
    // The postmaster of this cluster; its backends are its children.
    pid: () =>
      procTable().find((p) => /\bbin\/postgres\b/.test(p.cmdline) && p.cmdline.includes(`-p ${postgres.port}`))?.pid,
    stop: () => postgres.stop(),
  };
}

/** The store's size (pg_database_size) and counts; a PGlite folder only while no app server holds it. */
export async function probeStore(store) {
  const env = { ...process.env, DATABASE_URL: "", DATABASE_DIR: "", ...store.env };
  const { stdout } = await run("npx", ["tsx", "--conditions=react-server", "e2e/bench/store-probe.ts"], { env });
  return JSON.parse(stdout.trim().split("\n").at(-1));
}

/**
 * Resolves once the store's process has used under 3% of a core for two seconds in a row: every write begun has
 * landed (writes are not logged; the server exits without waiting for them). Returns ms waited.
 */
export async function writesSettled(store, app, maxMs = 300_000) {
  const started = performance.now();
  const pid = store.pid(app);
  if (!pid) return 0;
  let quiet = 0;
  let last = treeCpuSeconds(pid);
  while (quiet < 2 && performance.now() - started < maxMs) {
    await sleep(1_000);
    const now = treeCpuSeconds(pid);
    quiet = now - last < 0.03 ? quiet + 1 : 0;
    last = now;
  }
  return round(performance.now() - started - 2_000, 0);
}

/**
 * `npm run snapshot` against the store: every fund read again now, each read kept. Returns its wall time and exit
 * code (1: some funds could not be read, 2: the store was unavailable); its output goes to logs/snapshot-<kind>.log.
 */
export async function snapshotAgain({ store, upstreamUrl, token, env }) {
  const started = performance.now();
  const outcome = await run("npx", ["tsx", "--conditions=react-server", "scripts/snapshot.mts"], {
    env: {
      ...process.env,
      ...proxyEnv,
      CUSTOMER_API_BASE_URL: upstreamUrl,
      CUSTOMER_API_TOKEN: token,
      DATABASE_URL: "",
      DATABASE_DIR: "",
      ...env,
      ...store.env,
    },
    maxBuffer: 256 * 1024 * 1024,
  }).then(
    (done) => ({ ...done, code: 0 }),
    (error) => ({ stdout: error.stdout ?? "", stderr: error.stderr ?? error.message, code: error.code ?? null }),
  );
  writeFileSync(join(logDir, `snapshot-${store.kind}.log`), `${outcome.stdout}\n${outcome.stderr}`);
  const lastWords = `${outcome.stderr}`.trim().split("\n").slice(0, 3).join(" ").slice(0, 300);
  return { ms: round(performance.now() - started, 0), code: outcome.code, stderr: lastWords };
}

/**
 * Throws unless the server named `name` opened its store (a store that never opens would measure nothing); returns
 * how often it became unavailable afterwards (e.g. a query that waited over 3 s for the pool's one connection).
 */
export function storeOpened(store, name) {
  if (store.kind === "none") return { unavailable: 0, reasons: [] };
  const lines = readFileSync(join(logDir, `${name}.log`), "utf8").split("\n");
  const events = lines.filter((line) => line.includes('"store_unavailable"')).map((line) => JSON.parse(line));
  if (!logEvent(name, "store_ready"))
    throw new Error(`the ${store.kind} store of ${name} did not open: ${events[0]?.reason ?? "no store_ready line"}`);
  return { unavailable: events.length, reasons: [...new Set(events.map((event) => event.reason))] };
}

/** The last `event` line of a server's JSON log. */
export function logEvent(name, event) {
  const lines = readFileSync(join(logDir, `${name}.log`), "utf8").split("\n");
  for (const line of lines.reverse()) {
    if (!line.includes(`"${event}"`)) continue;
    try {
      return JSON.parse(line);
    } catch {
      // Not a JSON line.
    }
  }
  return null;
}

/**
 * A freshly spawned server on a store that holds reads: ms from the spawn until it listens and until GET
 * /api/investors answers complete: true (asked every 50 ms), with the store_warmed and kept_reads_loaded lines.
 * Returns the running app too; the caller stops it.
 */
export async function freshStart(options) {
  const spawned = await spawnApp(options);
  const started = spawned.spawnedAt;
  let firstAnswerMs = null;
  let answer = null;
  while (!answer?.complete) {
    if (spawned.exited !== null) throw new Error(`the app server exited with ${spawned.exited}`);
    if (performance.now() - started > 120_000) throw new Error("the directory was not complete 120 s after the spawn");
    try {
      answer = (await getJson(`${spawned.url}/api/investors?offset=0&limit=100`)).body;
      firstAnswerMs ??= round(performance.now() - started, 0);
    } catch {
      // Not listening yet (or not ready).
    }
    if (!answer?.complete) await sleep(50);
  }
  const completeMs = round(performance.now() - started, 0);
  const warmed = logEvent(options.name, "store_warmed");
  const loaded = logEvent(options.name, "kept_reads_loaded");
  return {
    app: spawned.app,
    firstAnswerMs,
    completeMs,
    kept: answer.kept ?? null,
    investors: answer.total,
    warmedMs: warmed?.ms ?? null,
    warmedPositions: warmed?.positions ?? null,
    loadedMs: loaded?.ms ?? null,
  };
}
