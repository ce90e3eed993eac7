// The scale scenario's first start on a fresh store: ms from the spawn until the directory is complete, the memory of
// the server and of the embedded store's own process then (and their peaks on the way), the stop that lets every
// write land, and the PGlite folder's size on disk.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { directoryComplete, until } from "./app-state.mjs";
import { treeCpuSeconds } from "./contention.mjs";
import { rssBytes, sleep } from "./measure.mjs";
import { stopGroup } from "./servers.mjs";

const tryRss = (pid) => {
  try {
    return pid ? rssBytes(pid) : null;
  } catch {
    return null;
  }
};

/** The RSS of the server process and of its store's own process (PGlite's child; none for PostgreSQL), in bytes. */
export function storeSplitRss(app, store) {
  return { server: tryRss(app.serverPid), embedded: store.kind === "pglite" ? tryRss(store.pid(app)) : null };
}

/**
 * From the spawn until GET /api/investors says complete (asked every 250 ms; null past `limitMs`), both processes'
 * RSS sampled every 500 ms: the RSS at complete and the peaks until then, and the CPU seconds each used.
 */
export async function untilComplete(spawned, store, limitMs) {
  const peak = { server: 0, embedded: 0 };
  const sample = () => {
    const now = storeSplitRss(spawned.app, store);
    peak.server = Math.max(peak.server, now.server ?? 0);
    peak.embedded = Math.max(peak.embedded, now.embedded ?? 0);
    return now;
  };
  // CPU seconds to complete: the server's own, and its store's (PGlite's child, or the PostgreSQL cluster's processes).
  const storeCpuSeconds = () => (store.pid(spawned.app) ? treeCpuSeconds(store.pid(spawned.app)) : 0);
  const storeCpuAtSpawn = store.kind === "pglite" ? 0 : storeCpuSeconds();
  const timer = setInterval(sample, 500);
  try {
    const ms = await until(() => directoryComplete(spawned.url), {
      since: spawned.spawnedAt,
      everyMs: 250,
      limitMs,
      exited: () => spawned.exited,
    });
    if (ms === null && spawned.exited !== null) throw new Error(`the app server exited with ${spawned.exited}`);
    const storeCpu = storeCpuSeconds() - storeCpuAtSpawn;
    const cpu = {
      server: treeCpuSeconds(spawned.app.serverPid) - (store.kind === "pglite" ? storeCpu : 0),
      store: storeCpu,
    };
    return { ms, rss: sample(), peak, cpu };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Stops the app as an orchestrator would (SIGTERM, its grace to land pending writes) and waits for its PGlite
 * process to be gone: a child killed mid-write holds its folder. Returns ms the stop took.
 */
export async function stopWithStore(app, store, graceMs = 30_000) {
  const started = performance.now();
  // PostgreSQL's postmaster outlives the app; PGlite's process is the app's child.
  const pid = store.kind === "pglite" ? store.pid(app) : null;
  await stopGroup(app.groupPid, graceMs);
  for (let waited = 0; pid && existsSync(`/proc/${pid}`) && waited < 120_000; waited += 100) await sleep(100);
  return Math.round(performance.now() - started);
}

const du = (folder) => Number(execFileSync("du", ["-sB1", folder], { encoding: "utf8" }).split(/\s/)[0]);

/** Bytes a PGlite folder takes on disk (`du -sB1`: blocks allocated, not apparent sizes), and its WAL's part. */
export function diskBytes(folder) {
  return { total: du(folder), wal: existsSync(`${folder}/pg_wal`) ? du(`${folder}/pg_wal`) : null };
}
