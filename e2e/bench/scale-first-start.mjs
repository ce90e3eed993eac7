// The scale scenario's extra first starts, each on a fresh store of its own: PostgreSQL's bytes per position, and
// issue 29's memory "bounded by a setting" (DIRECTORY_MAX_POSITIONS at its default: the RSS once every fund is tried).
import { randomBytes } from "node:crypto";
import { directoryComplete, untilFromSpawn } from "./app-state.mjs";
import { proxyHeaders } from "./auth.mjs";
import { getJson, mb, round, rssBytes } from "./measure.mjs";
import { spawnApp, stopGroup } from "./servers.mjs";
import { freshStore, probeStore, writesSettled } from "./store-kinds.mjs";

/**
 * A first start on a fresh store of `kind`, until the directory has tried every fund: `running` measures the app
 * then, `stopped` the store once the app has stopped (with an orchestrator's 30 s), before the store stops too.
 */
async function firstStartOn({ dir, api, token, kind, name, env }, { running, stopped = (_, measured) => measured }) {
  const store = await freshStore(kind);
  try {
    const spawned = await spawnApp({
      dir,
      upstreamUrl: api.url,
      token,
      name,
      env: { ...store.env, DIRECTORY_MATCH_SECRET: randomBytes(32).toString("hex"), WARM_START: "0", ...env },
    });
    await untilFromSpawn(spawned, `the directory complete (${name})`, () => directoryComplete(spawned.url), 250);
    const measured = await running(spawned, store);
    await stopGroup(spawned.app.groupPid, 30_000);
    return await stopped(store, measured);
  } finally {
    await store.stop();
  }
}

/** The first start on PostgreSQL, the whole organization held: its bytes per position once every write landed. */
export async function postgresBytes({ dir, api, token, env, log }) {
  const probe = await firstStartOn(
    { dir, api, token, env, kind: "postgres", name: "app-server-scale-postgres" },
    { running: (spawned, store) => writesSettled(store, spawned.app, 600_000), stopped: (store) => probeStore(store) },
  );
  log(`  PostgreSQL store: ${round(mb(probe.bytes), 0)} MB for ${probe.positions} positions`);
  return probe;
}

/** The first start on PGlite with DIRECTORY_MAX_POSITIONS at its default: the RSS, and what is held. */
export async function boundedFirstStart({ dir, api, token, log }) {
  const measured = await firstStartOn(
    { dir, api, token, env: {}, kind: "pglite", name: "app-server-scale-bounded" },
    {
      running: async (spawned, store) => {
        const child = store.pid(spawned.app);
        const server = rssBytes(spawned.app.serverPid);
        const embedded = child ? rssBytes(child) : 0;
        const page = await getJson(`${spawned.url}/api/investors?offset=0&limit=1`, proxyHeaders);
        // Every fund the directory misses here is one past the bound (the demo fails none); a page names ten, counts all.
        return { total: server + embedded, server, embedded, funds: page.progress.total, notHeld: page.failedCount };
      },
    },
  );
  log(
    `  bounded (default DIRECTORY_MAX_POSITIONS): RSS ${round(mb(measured.total), 0)} MB, ` +
      `${measured.notHeld} of ${measured.funds} funds not held`,
  );
  return measured;
}
