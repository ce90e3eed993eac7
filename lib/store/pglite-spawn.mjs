// Starts the embedded store's process (pglite-child.mjs), which opens one PGlite folder and serves it on a loopback
// port. scripts/server.mjs starts it before Next prepares, so opening PGlite (1–2.5 s) runs beside Next's own start
// rather than after it; the store's connection then takes that process (lib/store/server/pglite-host.ts).
import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

// Resolved from the working directory, not this module: Next bundles server code elsewhere, the script stays put.
const childScript = () => resolve(process.cwd(), "lib/store/pglite-child.mjs");
// Shared by the plain script and Next's bundles of the store (each has its own copy of this module).
const early = Symbol.for("fund-explorer:pglite-early");

async function stopChild(child, exited) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  if (child.connected) child.disconnect();
  const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(killer);
}

/** Starts the process that opens `dir` (it takes the folder's lock); rejects with its reason if it cannot. */
export function spawnPgliteHost(dir, timeoutMs = 60_000) {
  const child = fork(/* turbopackIgnore: true */ childScript(), [resolve(dir)], {
    // Not the server's Node flags (heap sizes, --cpu-prof: a profiled WASM Postgres ran several times slower).
    execArgv: [],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = new Promise((done) => child.once("exit", () => done()));
  return new Promise((resolvePort, reject) => {
    const timer = setTimeout(() => fail(`the embedded store did not open ${dir} within ${timeoutMs} ms`), timeoutMs);
    function fail(message) {
      clearTimeout(timer);
      if (child.exitCode === null) child.kill("SIGKILL");
      reject(new Error(message));
    }
    child.on("message", (message) => {
      if (message.type === "failed") fail(message.message ?? "the embedded store failed to open");
      if (message.type !== "ready" || !message.port) return;
      clearTimeout(timer);
      // The store never keeps a script alive; the IPC channel closing is what tells the child to end.
      child.unref();
      child.channel?.unref?.();
      resolvePort({
        port: message.port,
        alive: () => child.exitCode === null && child.signalCode === null,
        stop: () => stopChild(child, exited),
      });
    });
    child.once("exit", (code) => fail(`the embedded store process exited (code ${code}) before opening ${dir}`));
    child.once("error", (error) => fail(`the embedded store process could not start: ${error.message}`));
  });
}

/** Starts opening `dir` now, for the store to take when it first opens (a failure is reported then, by it). */
export function startPgliteEarly(dir) {
  // Whether it was there before this process: the new process makes it at once.
  const existed = existsSync(resolve(dir));
  const opening = spawnPgliteHost(dir);
  opening.catch(() => undefined);
  globalThis[early] = { folder: resolve(dir), opening, existed };
}

/** Whether `dir` existed before startPgliteEarly began opening it; null when it did not (or another folder). */
export function earlyFolderExisted(dir) {
  const started = globalThis[early];
  return started?.folder === resolve(dir) ? started.existed : null;
}

/** The process startPgliteEarly began for `dir`, once (null when none was, or for another folder). */
export function takeEarlyPgliteHost(dir) {
  const started = globalThis[early];
  if (!started?.opening || started.folder !== resolve(dir)) return null;
  const { opening } = started;
  started.opening = null;
  return opening;
}
