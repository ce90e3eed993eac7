// What the bench waits for of an app server: a condition asked again until true, /readyz, the directory complete.
import { performance } from "node:perf_hooks";
import { proxyHeaders } from "./auth.mjs";
import { getJson, round, sleep } from "./measure.mjs";

/** Asks `ask` every `everyMs` until it resolves true: ms from `since`, or null past `limitMs` or once `exited()`. */
export async function until(ask, { since = performance.now(), everyMs = 50, limitMs = 120_000, exited = () => null }) {
  for (;;) {
    if (exited() !== null || performance.now() - since > limitMs) return null;
    if (await ask().catch(() => false)) return round(performance.now() - since, 0);
    await sleep(everyMs);
  }
}

/** ms from the spawn until `ask` resolves true; throws, naming `what`, when the server exits or the limit passes. */
export async function untilFromSpawn(spawned, what, ask, everyMs = 20, limitMs = 1_200_000) {
  const ms = await until(ask, { since: spawned.spawnedAt, everyMs, limitMs, exited: () => spawned.exited });
  if (ms !== null) return ms;
  if (spawned.exited !== null) throw new Error(`the app server exited with ${spawned.exited} before ${what}`);
  throw new Error(`${what}: not within ${limitMs / 1000} s`);
}

/** The app says it is ready (/readyz 200): a readiness probe lets traffic in then. */
export const ready = (url) =>
  fetch(`${url}/readyz`, { headers: proxyHeaders, signal: AbortSignal.timeout(10_000) }).then(
    async (res) => (await res.arrayBuffer(), res.ok),
  );

/** The app's directory has tried every fund. */
export const directoryComplete = async (url) =>
  (await getJson(`${url}/api/investors?offset=0&limit=100`, proxyHeaders)).complete;
