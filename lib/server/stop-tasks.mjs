// Work a stopping process finishes before it exits (its kept reads written, its store closed), shared across
// bundles like start-tasks.mjs: lib/server/start.ts registers it inside Next, scripts/server.mjs runs it on SIGTERM.
const key = Symbol.for("fund-explorer.stop-tasks");

function tasks() {
  globalThis[key] ??= new Map();
  return globalThis[key];
}

/**
 * Registers what to do at a stop, by name: "halt" tasks (work that must start nothing new) the moment it begins,
 * then, once requests in flight are done, "drain" tasks (writes still pending) together, then "close" tasks (the
 * store's connection) once they have settled.
 */
export function stopTask(name, run, phase = "drain") {
  tasks().set(name, { run, phase });
}

async function runPhase(phase, pending) {
  const entries = [...tasks()].filter(([, task]) => task.phase === phase);
  await Promise.all(
    entries.map(([name, task]) =>
      Promise.resolve()
        .then(task.run)
        .then(
          () => pending.delete(name),
          () => pending.delete(name),
        ),
    ),
  );
}

/** Runs the "halt" tasks, at the stop's first moment (they only set a flag). */
export function haltTasksNow() {
  for (const task of tasks().values()) if (task.phase === "halt") task.run();
}

/** Runs the drain and close tasks, drains before closes, for at most `limitMs`; names those not finished by then. */
export async function stopTasksSettled(limitMs) {
  const pending = new Set([...tasks()].filter(([, task]) => task.phase !== "halt").map(([name]) => name));
  let timer;
  const limit = new Promise((resolve) => (timer = setTimeout(resolve, limitMs)));
  await Promise.race([runPhase("drain", pending).then(() => runPhase("close", pending)), limit]);
  clearTimeout(timer);
  return [...pending];
}
