// Work a starting process should finish before it listens (its kept reads loaded, its warm-up's writes landed),
// shared across bundles: the instrumentation hook registers it inside Next, and scripts/server.mjs waits for it
// after its warm-up.
const key = Symbol.for("fund-explorer.start-tasks");

function tasks() {
  globalThis[key] ??= new Map();
  return globalThis[key];
}

const settle = (promise) =>
  Promise.resolve(promise).then(
    () => undefined,
    () => undefined,
  );

/**
 * Registers a task by name; the server waits for it (up to its limit) before it listens. A function is called when
 * the server begins to wait, for work that exists only by then (the warm-up's store writes).
 */
export function startTask(name, task) {
  tasks().set(name, typeof task === "function" ? task : settle(task));
}

/** Settles when every task registered so far has, or after `limitMs`; names the ones still running then. */
export async function startTasksSettled(limitMs) {
  const pending = new Set(tasks().keys());
  const all = [...tasks()].map(([name, task]) =>
    (typeof task === "function" ? settle(Promise.resolve().then(task)) : task).then(() => pending.delete(name)),
  );
  let timer;
  const limit = new Promise((resolve) => (timer = setTimeout(resolve, limitMs)));
  await Promise.race([Promise.all(all), limit]);
  clearTimeout(timer);
  return [...pending];
}
