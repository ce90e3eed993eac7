// Work a starting process should finish before it listens (its kept reads loaded), shared across bundles: the
// instrumentation hook begins it inside Next, and scripts/server.mjs waits for it beside its warm-up.
const key = Symbol.for("fund-explorer.start-tasks");

function tasks() {
  globalThis[key] ??= new Map();
  return globalThis[key];
}

/** Registers a task by name; the server waits for it (up to its limit) before it listens. */
export function startTask(name, promise) {
  tasks().set(
    name,
    Promise.resolve(promise).then(
      () => undefined,
      () => undefined,
    ),
  );
}

const listening = Symbol.for("fund-explorer.start-tasks.listening");

/**
 * A task only while the process has not begun waiting to listen (the warm-up's store writes, which would otherwise
 * share the CPU with the first visitor); later, nothing.
 */
export function beforeListening(name, promise) {
  if (!globalThis[listening]) startTask(name, promise);
}

/** Settles when every task registered so far has, or after `limitMs`; names the ones still running then. */
export async function startTasksSettled(limitMs) {
  globalThis[listening] = true;
  const pending = new Set(tasks().keys());
  const all = [...tasks()].map(([name, task]) => task.then(() => pending.delete(name)));
  let timer;
  const limit = new Promise((resolve) => (timer = setTimeout(resolve, limitMs)));
  await Promise.race([Promise.all(all), limit]);
  clearTimeout(timer);
  return [...pending];
}
