import "server-only";
import { type ChildProcess, fork } from "node:child_process";
import { resolve } from "node:path";

/** The embedded store's process (lib/store/pglite-child.mjs), serving one PGlite folder on a loopback port. */
export interface PgliteHost {
  port: number;
  /** False once the process has ended (a crash): the next open starts another. */
  alive(): boolean;
  /** Resolves once the process has closed the folder and released its lock. */
  stop(): Promise<void>;
}

// Resolved from the working directory, not this module: Next bundles server code elsewhere, the script stays put.
const childScript = () => resolve(process.cwd(), "lib/store/pglite-child.mjs");

/**
 * Starts the process that opens `dir` (it takes the folder's lock, waiting up to `lockWaitMs` for a holder to let it
 * go; its own default when not given); rejects with its reason if it cannot.
 */
export function startPgliteHost(dir: string, lockWaitMs?: number, timeoutMs = 60_000): Promise<PgliteHost> {
  const args = [resolve(dir), ...(lockWaitMs === undefined ? [] : [String(lockWaitMs)])];
  const child = fork(/* turbopackIgnore: true */ childScript(), args, {
    // Not the server's Node flags (heap sizes, --cpu-prof: a profiled WASM Postgres ran several times slower).
    execArgv: [],
    // glibc's fixed mmap threshold returns large freed blocks (query results, the WASM start's buffers) to the
    // system: at 100,000 positions the process held 366–391 MB against 498–500, at the same speed (issue 29's bench).
    env: { MALLOC_MMAP_THRESHOLD_: "131072", ...process.env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  return new Promise((resolvePort, reject) => {
    const timer = setTimeout(() => fail(`the embedded store did not open ${dir} within ${timeoutMs} ms`), timeoutMs);
    function fail(message: string) {
      clearTimeout(timer);
      if (child.exitCode === null) child.kill("SIGKILL");
      reject(new Error(message));
    }
    child.on("message", (message: { type: string; port?: number; message?: string }) => {
      if (message.type === "failed") fail(message.message ?? "the embedded store failed to open");
      if (message.type !== "ready" || !message.port) return;
      clearTimeout(timer);
      // The store never keeps a script alive; the IPC channel closing is what tells the child to end.
      child.unref();
      (child.channel as { unref?: () => void } | undefined)?.unref?.();
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

async function stopChild(child: ChildProcess, exited: Promise<void>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  if (child.connected) child.disconnect();
  const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(killer);
}
