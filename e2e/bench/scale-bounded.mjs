// Issue 29's memory "bounded by a setting": the scale scenario's first start again with DIRECTORY_MAX_POSITIONS at its
// default, on an empty PGlite store of its own: the instance's RSS once every fund is tried, and how much it holds.
import { randomBytes } from "node:crypto";
import { directoryComplete, untilFromSpawn } from "./app-state.mjs";
import { proxyHeaders } from "./auth.mjs";
import { getJson, mb, round, rssBytes } from "./measure.mjs";
import { spawnApp, stopGroup } from "./servers.mjs";
import { freshStore } from "./store-kinds.mjs";

export async function boundedFirstStart({ dir, api, token, log }) {
  const store = await freshStore("pglite");
  try {
    const spawned = await spawnApp({
      dir,
      upstreamUrl: api.url,
      token,
      name: "app-server-scale-bounded",
      env: { ...store.env, DIRECTORY_MATCH_SECRET: randomBytes(32).toString("hex"), WARM_START: "0" },
    });
    await untilFromSpawn(spawned, "the directory complete (bounded)", () => directoryComplete(spawned.url), 250);
    const child = store.pid(spawned.app);
    const server = rssBytes(spawned.app.serverPid);
    const embedded = child ? rssBytes(child) : 0;
    const page = await getJson(`${spawned.url}/api/investors?offset=0&limit=1`, proxyHeaders);
    await stopGroup(spawned.app.groupPid, 30_000);
    const measured = {
      total: server + embedded,
      server,
      embedded,
      funds: page.progress.total,
      // Every fund the directory misses here is one past the bound (the demo fails none); a page names ten, counts all.
      notHeld: page.failedCount,
      investors: page.total,
    };
    log(
      `  bounded (default DIRECTORY_MAX_POSITIONS): RSS ${round(mb(measured.total), 0)} MB, ` +
        `${measured.notHeld} of ${measured.funds} funds not held, ${measured.investors} investors listed`,
    );
    return measured;
  } finally {
    await store.stop();
  }
}
