// The embedded store's process (lib/store/pglite-child.mjs), serving one PGlite folder on a loopback port: started
// by the store's connection, or first thing by scripts/server.mjs (startEarly) so a restart's first answers do not
// wait for it. Plain JavaScript, so the server script can start it before Next loads.
import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

// Resolved from the working directory, not this module: Next bundles server code elsewhere, the script stays put.
const childScript = () => resolve(process.cwd(), "lib/store/pglite-child.mjs");

/**
 * Starts the process that opens `dir` (it takes the folder's lock, waiting up to `lockWaitMs` for a holder to let it
 * go; its own default when not given); rejects with its reason if it cannot.
 */
export function startPgliteHost(dir, lockWaitMs, timeoutMs = 60_000) {
  const args = [resolve(dir), ...(lockWaitMs === undefined ? [] : [String(lockWaitMs)])];
  const child = fork(/* turbopackIgnore: true */ childScript(), args, {
    // Not the server's Node flags (heap sizes, --cpu-prof: a profiled WASM Postgres ran several times slower).
    execArgv: [],
    // glibc's fixed mmap threshold returns large freed blocks (query results, the WASM start's buffers) to the
    // system: at 100,000 positions the process held 366–391 MB against 498–500, at the same speed (issue 29's bench).
    env: { MALLOC_MMAP_THRESHOLD_: "131072", ...process.env },
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

async function stopChild(child, exited) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  if (child.connected) child.disconnect();
  const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(killer);
}

const early = Symbol.for("fund-explorer.pglite-early");

/**
 * Starts the process for `dir` now, before the rest of the start asks for it (a restart's first answers waited about
 * a second for it); only for a folder that exists: a first start's initdb is the connection's to wait for, or not.
 */
export function startEarly(dir) {
  const folder = resolve(dir);
  if (!existsSync(folder)) return;
  const started = startPgliteHost(folder);
  // Taken by the connection, which reports a failure; a start that never takes it leaves nothing unhandled.
  started.catch(() => undefined);
  globalThis[early] = { folder, started };
}

/** The process started early for `dir`, once; null when none was (the connection then starts its own). */
export function takeEarly(dir) {
  const entry = globalThis[early];
  if (!entry || entry.folder !== resolve(dir)) return null;
  globalThis[early] = undefined;
  return entry.started;
}
