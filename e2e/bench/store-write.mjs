// The store scenario's builds of the directory (2,000 funds, 100,000 positions) on each kind of store, and on one
// store of each kind: a small fund's table while the first build is written, the same organization read again
// (`npm run snapshot`), and fresh processes starting from the kept reads.
import { performance } from "node:perf_hooks";
import { buildOnce } from "./directory-build.mjs";
import { round, sleep, timedGet } from "./measure.mjs";
import { startApp, stopGroup } from "./servers.mjs";
import { freshStart, freshStore, probeStore, snapshotAgain, storeOpened, writesSettled } from "./store-kinds.mjs";

const IDLE_MS = 10_000;
const identity = { "accept-encoding": "identity" };

/** The q-th quantile (nearest rank) of the values. */
export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
}

/** One client asking for `url` again as soon as each answer ends, until stopped: each answer's ms. */
function askLoop(url) {
  let stopping = false;
  const ms = [];
  let failed = 0;
  const done = (async () => {
    while (!stopping) {
      const res = await timedGet(url, { headers: identity }).catch(() => null);
      if (res?.status === 200) ms.push(res.ms);
      else failed += 1;
    }
  })();
  return {
    async stop() {
      stopping = true;
      await done;
      return { ms, failed };
    },
  };
}

const summary = ({ ms, failed }) => ({
  requests: ms.length,
  failed,
  p50: round(quantile(ms, 0.5)),
  p99: round(quantile(ms, 0.99)),
  max: round(quantile(ms, 1)),
});

/** A build on a freshly started server with a fresh, empty store of `kind`; the store is removed after. */
export async function buildOn(kind, { appOptions, api, round: at, log }) {
  const store = await freshStore(kind);
  const name = `app-store-build-${kind}-${at}`;
  let app = null;
  try {
    app = await startApp({ ...appOptions, env: { ...appOptions.env, ...store.env }, name });
    await sleep(1_000);
    const build = await buildOnce({ app, api, watched: false, log });
    const settledMs = await writesSettled(store, app);
    const outages = storeOpened(store, name);
    if (outages.unavailable > 0)
      log(`  ${kind}: the store went unavailable ${outages.unavailable}× (${outages.reasons})`);
    return { ...build, settledMs, outages };
  } finally {
    if (app) await stopGroup(app.groupPid);
    await store.stop();
  }
}

/**
 * On one store of `kind`: a small fund's first table page asked in a loop, idle for 10 s and then during the first
 * build until its writes settle; the store's size before and after the same organization is read again; and
 * `freshStarts` processes started from the kept reads.
 */
export async function writeAndRead(kind, { appOptions, api, token, smallFundId, freshStarts, log }) {
  const store = await freshStore(kind);
  let app = null;
  try {
    app = await startApp({ ...appOptions, env: { ...appOptions.env, ...store.env }, name: `app-store-${kind}` });
    const rowsUrl = `${app.url}/api/funds/${smallFundId}/investor-rows?offset=0&limit=100`;
    await timedGet(rowsUrl, { headers: identity }); // its list read (and kept) before the idle loop
    await sleep(1_000);
    let loop = askLoop(rowsUrl);
    await sleep(IDLE_MS);
    const idle = summary(await loop.stop());
    loop = askLoop(rowsUrl);
    const started = performance.now();
    const build = await buildOnce({ app, api, watched: false, log });
    const settledMs = await writesSettled(store, app);
    const writeWindowMs = round(performance.now() - started, 0);
    const during = summary(await loop.stop());
    const outages = storeOpened(store, `app-store-${kind}`);
    log(
      `  ${kind}: table p99 idle ${idle.p99} ms (${idle.requests} requests), during the first build and its writes ` +
        `${during.p99} ms (${during.requests}; ${writeWindowMs} ms); build ${build.ms} ms, writes settled ${settledMs} ms later`,
    );
    await stopGroup(app.groupPid);
    app = null;
    if (kind === "none") return { kind, idle, during, build, settledMs, writeWindowMs, outages };

    const before = await probeStore(store);
    const snapshot = await snapshotAgain({ store, upstreamUrl: api.url, token, env: appOptions.env });
    const snapshotMs = snapshot.ms;
    if (snapshot.code !== 0) log(`  ${kind}: npm run snapshot exited ${snapshot.code}: ${snapshot.stderr}`);
    const after = await probeStore(store);
    log(
      `  ${kind}: ${before.positions} positions, ${(before.bytes / 2 ** 20).toFixed(2)} MB; read again ` +
        `(npm run snapshot, ${snapshotMs} ms): +${((after.bytes - before.bytes) / 2 ** 20).toFixed(3)} MB`,
    );
    const starts = [];
    for (let i = 0; i < freshStarts; i += 1) {
      const name = `app-store-fresh-${kind}-${i + 1}`;
      const start = await freshStart({ ...appOptions, env: { ...appOptions.env, ...store.env }, name });
      await stopGroup(start.app.groupPid);
      delete start.app;
      starts.push(start);
      log(
        `  ${kind}: fresh process ${i + 1}: directory complete ${start.completeMs} ms after the spawn ` +
          `(first answer ${start.firstAnswerMs} ms; store_warmed ${start.warmedMs} ms, ${start.warmedPositions} positions)`,
      );
    }
    return { kind, idle, during, build, settledMs, writeWindowMs, outages, before, after, snapshot, starts };
  } finally {
    if (app) await stopGroup(app.groupPid);
    await store.stop();
  }
}
