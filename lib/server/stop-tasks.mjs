// Work a stopping process finishes before it exits (its kept reads written, its store closed), shared across
// bundles like start-tasks.mjs: lib/server/start.ts registers it inside Next, scripts/server.mjs runs it on SIGTERM.
const key = Symbol.for("fund-explorer.stop-tasks");

function tasks() {
  globalThis[key] ??= new Map();
  return globalThis[key];
}

/**
 * Registers what to do at a stop, by name: "drain" tasks (writes still pending) run together first, then "close"
 * tasks (the store's connection) once they have settled.
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

/** Runs every stop task, drains before closes, for at most `limitMs`; names the ones not finished by then. */
export async function stopTasksSettled(limitMs) {
  const pending = new Set(tasks().keys());
  let timer;
  const limit = new Promise((resolve) => (timer = setTimeout(resolve, limitMs)));
  await Promise.race([runPhase("drain", pending).then(() => runPhase("close", pending)), limit]);
  clearTimeout(timer);
  return [...pending];
}
