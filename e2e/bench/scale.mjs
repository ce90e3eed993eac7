// Issue 42's `scale` scenario: organizations of 100,000, 400,000 and 1,000,000 positions, each on its own demo API,
// each on a fresh PGlite store and a fresh PostgreSQL one with an app server of its own. Per store: the first start
// (directory complete ÷ the upstream alone, memory), every fund in the directory, capital outstanding and the
// Overview, the directory's views warm, the CSV of every investor's memory, the PGlite folder's size, and a restart
// with a slow upstream. Rows and targets: scale-rows.mjs. A step that fails is reported, never thrown.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { untilQuiet } from "./contention.mjs";
import { getJson, mb, round } from "./measure.mjs";
import { fundsInViews } from "./scale-coverage.mjs";
import { diskBytes, stopWithStore, storeSplitRss, untilComplete } from "./scale-first-start.mjs";
import { slowRestart } from "./scale-restart.mjs";
import { scaleRows } from "./scale-rows.mjs";
import { csvGrowth, directoryViews } from "./scale-views.mjs";
import { randomToken, spawnApp, startDemoApi, stopGroup } from "./servers.mjs";
import { freshStore, writesSettled } from "./store-kinds.mjs";
import { upstreamBaseline } from "./upstream-baseline.mjs";

/** The organizations `--sizes` may name. */
export const SCALE_SIZES = {
  "100k": { funds: 2_000, perFund: 50 },
  "400k": { funds: 4_000, perFund: 100 },
  "1m": { funds: 10_000, perFund: 100 },
};
export const SCALE_STORES = ["pglite", "postgres"];
const CONCURRENCY = 6; // DIRECTORY_CONCURRENCY's default: the baseline asks the upstream as the server does.
const FIRST_START_LIMIT_MS = 1_800_000;
const QUIET_LIMIT_MS = 300_000;

/** One size on one fresh store: everything scale-rows.mjs reports, each step's failure kept in `errors`. */
async function oneStore({ dir, api, token, fundList, size, kind, profileDir, log }) {
  const { funds, perFund } = SCALE_SIZES[size];
  const m = { size, kind, funds: fundList.length, positions: funds * perFund, errors: [] };
  // Each step timed in the bench's log; a failure is kept in `errors` and the rest goes on.
  const attempt = async (what, work) => {
    const started = performance.now();
    try {
      const done = await work();
      log(`  ${what}: ${round((performance.now() - started) / 1000, 1)} s`);
      return done;
    } catch (error) {
      m.errors.push(`${what}: ${error.message}`);
      log(`  ${what} failed: ${error.message}`);
      return undefined;
    }
  };
  const store = await freshStore(kind);
  const name = `app-server-scale-${size}-${kind}`;
  const secret = randomBytes(32).toString("hex");
  const env = { ...store.env, DIRECTORY_MATCH_SECRET: secret, WARM_START: "0" };
  const options = { dir, profileDir, upstreamUrl: api.url, token, name, env };
  try {
    m.upstream = await attempt(`${kind}: the upstream alone`, () =>
      upstreamBaseline({ url: api.url, token, concurrency: CONCURRENCY, parse: true }),
    );
    const spawned = await spawnApp(options);
    try {
      m.start = await attempt("the first start", () => untilComplete(spawned, store, FIRST_START_LIMIT_MS));
      if (m.start) {
        const { ms, rss } = m.start;
        const embedded = rss.embedded ? `, PGlite ${round(mb(rss.embedded), 0)} MB` : "";
        const complete = ms === null ? "never" : `${round(ms / 1000, 1)} s`;
        log(`  directory complete ${complete} from the spawn, server ${round(mb(rss.server), 0)} MB${embedded}`);
        m.coverage = await attempt("funds in the views", () => fundsInViews(spawned.url));
        await attempt("the server quiet", () => untilQuiet(spawned.app.serverPid, performance.now() + QUIET_LIMIT_MS));
        m.idleRss = storeSplitRss(spawned.app, store).server;
        m.views = await attempt("the directory's views", () => directoryViews(spawned, name));
        m.csv = await attempt("the CSV of every investor", () => csvGrowth(spawned));
        await attempt("the store's writes settled", () => writesSettled(store, spawned.app, 600_000));
      }
    } finally {
      await attempt("the stop", () => stopWithStore(spawned.app, store));
    }
    if (kind === "pglite") m.disk = await attempt("the folder's size", () => diskBytes(store.env.DATABASE_DIR));
    if (m.start?.ms != null)
      m.restart = await attempt("the restart", () => slowRestart({ options, store, api, fundId: fundList[0].id, log }));
  } finally {
    await store.stop();
  }
  return scaleRows(m);
}

/** Every store of one size, on one demo API. */
async function oneSize({ size, stores, log, ...rest }) {
  const { funds, perFund } = SCALE_SIZES[size];
  const token = randomToken();
  log(`scale ${size}: demo API of ${funds.toLocaleString("en-US")} funds × ${perFund}`);
  const api = await startDemoApi({ token, funds, perFund, admin: true, name: `demo-api-scale-${size}` });
  try {
    const fundList = await getJson(`${api.url}/customerapi/funds`, { authorization: `Bearer ${token}` });
    const rows = [];
    for (const kind of stores)
      rows.push(
        ...(await oneStore({ ...rest, api, token, fundList, size, kind, log }).catch((error) => {
          log(`  scale ${size} on ${kind} could not run: ${error.message}`);
          return unmeasured(size, kind, error);
        })),
      );
    return rows;
  } finally {
    await stopGroup(api.pid);
  }
}

/** The rows of a size on a store that could not be measured at all (its demo API or store did not start). */
function unmeasured(size, kind, error) {
  const { funds, perFund } = SCALE_SIZES[size];
  return scaleRows({ size, kind, funds, positions: funds * perFund, errors: [error.message] });
}

/**
 * The scale rows of `sizes` (keys of SCALE_SIZES) on `stores` (of SCALE_STORES), in that order. A size or store that
 * cannot start is reported as rows without data, and the others still run.
 */
export async function scaleFigures({ dir, sizes, stores, profileDir, log }) {
  const rows = [];
  for (const size of sizes)
    rows.push(
      ...(await oneSize({ dir, size, stores, profileDir, log }).catch((error) => {
        log(`  scale ${size} could not run: ${error.message}`);
        return stores.flatMap((kind) => unmeasured(size, kind, error));
      })),
    );
  return rows;
}
