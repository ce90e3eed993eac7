// The scale scenario's restart on the store its first start filled, with the upstream slow (the demo API's latency
// control): ms from the spawn until the directory's first rows and a kept fund's first rows answer.
import { until } from "./app-state.mjs";
import { proxyHeaders } from "./auth.mjs";
import { round } from "./measure.mjs";
import { spawnApp } from "./servers.mjs";
import { stopWithStore } from "./scale-first-start.mjs";

export const SLOW_UPSTREAM_MS = 8_000;
const LIMIT_MS = 60_000;

/** The demo API's latency before every answer (its /__demo/control; the API runs with --admin). */
export async function setLatency(api, latencyMs) {
  const res = await fetch(`${api.url}/__demo/control`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ latencyMs }),
  });
  if (!res.ok) throw new Error(`the demo API's latency control answered ${res.status}: ${await res.text()}`);
}

/** True once `url` answers 200 with at least one row (each ask up to 30 s). */
const hasRows = async (url) => {
  const res = await fetch(url, { headers: proxyHeaders, signal: AbortSignal.timeout(30_000) });
  if (!res.ok) return (await res.arrayBuffer(), false);
  const body = await res.json();
  return Array.isArray(body.rows) && body.rows.length > 0;
};

/**
 * Spawns the app again on `store` (same options as its first start) with the upstream answering after
 * SLOW_UPSTREAM_MS, asks for the directory's first page and fund `fundId`'s first rows every 20 ms, both from the
 * spawn, until each has rows (null past LIMIT_MS), then stops the app and sets the latency back to 0.
 */
export async function slowRestart({ options, store, api, fundId, log }) {
  await setLatency(api, SLOW_UPSTREAM_MS);
  let spawned = null;
  try {
    spawned = await spawnApp({ ...options, name: `${options.name}-restart` });
    const since = spawned.spawnedAt;
    const ask = (url) =>
      until(() => hasRows(url), { since, everyMs: 20, limitMs: LIMIT_MS, exited: () => spawned.exited });
    const [directoryMs, keptMs] = await Promise.all([
      ask(`${spawned.url}/api/investors?offset=0&limit=100`),
      ask(`${spawned.url}/api/funds/${encodeURIComponent(fundId)}/investor-rows?offset=0&limit=100`),
    ]);
    const say = (ms) => (ms === null ? `none within ${LIMIT_MS / 1000} s` : `${round(ms / 1000, 2)} s`);
    log(
      `  restart, upstream ${SLOW_UPSTREAM_MS / 1000} s slow: directory rows ${say(directoryMs)}, kept fund ${say(keptMs)}`,
    );
    return { directoryMs, keptMs, limitMs: LIMIT_MS, latencyMs: SLOW_UPSTREAM_MS, exited: spawned.exited };
  } finally {
    if (spawned) await stopWithStore(spawned.app, store, 15_000);
    await setLatency(api, 0);
  }
}
