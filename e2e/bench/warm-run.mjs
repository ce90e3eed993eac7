// One run of the warm scenario: a freshly spawned production server (WARM_START=1 or 0, an empty DATABASE_DIR of
// its own), timed from the spawn to its first 200 from /readyz, then the first visit of a fund it never opened and,
// on the same process once it is quiet, the first visit of another fund of the same size.
import { performance } from "node:perf_hooks";
import { ready, untilFromSpawn } from "./app-state.mjs";
import { OURS } from "./aggrid-peer.mjs";
import { visit } from "./browser-session.mjs";
import { foreignCpuMeter } from "./contention.mjs";
import { round, sleep } from "./measure.mjs";
import { spawnApp, stopGroup } from "./servers.mjs";
import { freshStore, logEvent, writesSettled } from "./store-kinds.mjs";

/** The server's line of `event`, waited for briefly: its log reaches the file through a pipe. */
async function lineOf(name, event) {
  for (let waited = 0; waited < 3_000; waited += 100) {
    let line = null;
    try {
      line = logEvent(name, event);
    } catch {
      // The log file is not there yet.
    }
    if (line) return line;
    await sleep(100);
  }
  return null;
}

/** How often the demo API has sent each fund's investor list so far (its /__demo/stats). */
async function listReads(apiUrl) {
  const { paths } = await fetch(`${apiUrl}/__demo/stats`).then((res) => res.json());
  return (id) => paths[`/customerapi/funds/${id}/investors`] ?? 0;
}

/** A first visit of `fund` in a fresh browser context: first rows painted (ms), and whether the process had read it. */
async function firstVisit(browser, url, fund, api, before) {
  const readBefore = (await listReads(api.url))(fund) > before(fund);
  const { context, marks } = await visit(browser, `${url}/funds/${fund}`, OURS.target);
  await context?.close();
  return { fund, ms: round(marks.rowsFrame), readBefore, marks };
}

/**
 * One fresh process: `candidates` are funds of one size in a fixed order; the first two the warm-up did not open
 * (nor `exclude`) are visited, swapped when `swap` so each fund takes each part across runs.
 */
export async function freshProcessRun({ browser, api, appOptions, warmStart, candidates, exclude, swap, name }) {
  const store = await freshStore("pglite");
  const foreignCpu = foreignCpuMeter();
  const before = await listReads(api.url);
  const env = { ...appOptions.env, ...store.env, WARM_START: warmStart ? "1" : "0" };
  const spawned = await spawnApp({ ...appOptions, env, name });
  // The spawn on the wall clock, to place the server's own log lines (their `time`) on the same axis.
  const spawnedAtWall = Date.now() - (performance.now() - spawned.spawnedAt);
  try {
    const readyMs = await untilFromSpawn(spawned, "/readyz 200", () => ready(spawned.url), 50, 120_000);
    const listening = await lineOf(name, "server_listening");
    const warm = warmStart ? logEvent(name, "warm_start") : null;
    const opened = warm?.fundId ?? exclude;
    const [first, second] = candidates.filter((id) => id !== opened).slice(0, 2);
    const [freshFund, warmFund] = swap ? [second, first] : [first, second];
    const fresh = await firstVisit(browser, spawned.url, freshFund, api, before);
    // The warm reference meets a quiet process: the store's writes of the visit above (and of the warm-up) done.
    const settledMs = await writesSettled(store, spawned.app);
    const warmVisit = await firstVisit(browser, spawned.url, warmFund, api, before);
    return {
      readyMs,
      listeningMs: listening ? round(Date.parse(listening.time) - spawnedAtWall, 0) : null,
      warmUp: warm && { ok: warm.ok, ms: warm.ms, fundId: warm.fundId ?? null, reason: warm.reason ?? null },
      fresh,
      warm: warmVisit,
      ratio: fresh.ms && warmVisit.ms ? round(fresh.ms / warmVisit.ms, 3) : null,
      settledMs,
      foreignCpuShare: foreignCpu(),
    };
  } finally {
    await stopGroup(spawned.app.groupPid);
    store.stop();
  }
}
