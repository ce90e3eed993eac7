// People's requests come before the process's background work (the organization's reads, the store's writes): on
// a 2-core machine the directory's reads of 2,000 funds running beside a table's sort made it 2–5× slower. A
// background step starts once no person's request has run for `settleMs` (the browser draws the answer meanwhile),
// or once it has waited `maxWaitMs`: slowed while people are served, never stopped. scripts/server.mjs counts the
// requests; the same count is seen from every bundle.
const key = Symbol.for("fund-explorer.foreground");
const settleMs = 250;

function state() {
  globalThis[key] ??= { running: 0, endedAt: 0, waiting: new Set(), timer: null };
  return globalThis[key];
}

const quiet = (foreground) => foreground.running === 0 && Date.now() - foreground.endedAt >= settleMs;

function wake() {
  const foreground = state();
  foreground.timer = null;
  if (quiet(foreground)) for (const go of foreground.waiting) go();
}

/** A person's request began (its answer not yet sent). */
export function requestStarted() {
  state().running += 1;
}

/** A request that began has been answered (or its connection closed). */
export function requestEnded() {
  const foreground = state();
  foreground.running = Math.max(0, foreground.running - 1);
  foreground.endedAt = Date.now();
  if (foreground.running > 0 || foreground.waiting.size === 0) return;
  if (foreground.timer) clearTimeout(foreground.timer);
  foreground.timer = setTimeout(wake, settleMs);
}

/** How many people's requests are running now. */
export function requestsRunning() {
  return state().running;
}

/** Settles once no person's request has run for a moment (at once if none has), or after `maxWaitMs` whatever runs. */
export function foregroundQuiet(maxWaitMs = 1_000) {
  const foreground = state();
  if (quiet(foreground)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(go, maxWaitMs);
    function go() {
      clearTimeout(timer);
      foreground.waiting.delete(go);
      resolve();
    }
    foreground.waiting.add(go);
    // Ended a moment ago with nothing running: woken when the moment has passed.
    if (foreground.running === 0 && !foreground.timer)
      foreground.timer = setTimeout(wake, settleMs - (Date.now() - foreground.endedAt));
  });
}
