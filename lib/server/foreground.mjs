// People's requests come before the process's background work (the organization's reads): on a 2-core machine the
// directory's reads of 2,000 funds running beside a table's sort made it 2–5× slower. A background step starts when
// no person's request is running, or once it has waited `maxWaitMs`: slowed while people are served, never stopped.
// The store's writes are not held back: another instance may be waiting for what this one keeps.
// scripts/server.mjs counts the requests; the same count is seen from every bundle.
const key = Symbol.for("fund-explorer.foreground");

function state() {
  globalThis[key] ??= { running: 0, waiting: new Set() };
  return globalThis[key];
}

/** A person's request began (its answer not yet sent). */
export function requestStarted() {
  state().running += 1;
}

/** A request that began has been answered (or its connection closed). */
export function requestEnded() {
  const foreground = state();
  foreground.running = Math.max(0, foreground.running - 1);
  if (foreground.running > 0) return;
  for (const go of foreground.waiting) go();
}

/** How many people's requests are running now. */
export function requestsRunning() {
  return state().running;
}

/** Settles when no person's request is running, at once if none is, or after `maxWaitMs` whatever runs. */
export function foregroundQuiet(maxWaitMs = 1_000) {
  const foreground = state();
  if (foreground.running === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(go, maxWaitMs);
    function go() {
      clearTimeout(timer);
      foreground.waiting.delete(go);
      resolve();
    }
    foreground.waiting.add(go);
  });
}
