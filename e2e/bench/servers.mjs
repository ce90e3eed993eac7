// Starts and stops the processes the bench measures: the standalone demo Customer API and the app's server.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { freePort } from "../../scripts/free-port.mjs";
import { serverNodeFlags } from "../../scripts/server-flags.mjs";
import { proxyEnv, proxyHeaders } from "./auth.mjs";

const children = new Set();
// Server logs and CPU profiles land beside the bench (git-ignored there), never elsewhere in the tree.
export const logDir = fileURLToPath(new URL("./logs/", import.meta.url));

/** Empties the log folder at the start of a run; each process appends, so restarts keep the earlier lines. */
export function resetLogs() {
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
}

export { freePort };

export const randomToken = () => `bench.${randomBytes(18).toString("base64url")}.${randomBytes(12).toString("hex")}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spawns in its own process group (detached) so the whole tree (npx → sh → node) can be signalled at once. */
export function start(name, command, args, env = {}, cwd = undefined) {
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(join(logDir, `${name}.log`), { flags: "a" });
  const child = spawn(command, args, {
    cwd,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  children.add(child);
  child.once("exit", (code, signal) => {
    children.delete(child);
    log.end(`[bench] ${name} (pid ${child.pid}) exited: code ${code}, signal ${signal}\n`);
  });
  return child;
}

/** Kills every process group this module started: SIGTERM, then SIGKILL after a grace period. */
export async function stopAll() {
  const groups = [...children].map((child) => child.pid);
  for (const pid of groups) signalGroup(pid, "SIGTERM");
  for (let i = 0; i < 30 && [...children].length > 0; i += 1) await sleep(100);
  for (const pid of groups) signalGroup(pid, "SIGKILL");
}

/** Stops one process group started here (e.g. to restart the app server cold), killing it after `graceMs`. */
export async function stopGroup(pid, graceMs = 5_000) {
  const child = [...children].find((candidate) => candidate.pid === pid);
  signalGroup(pid, "SIGTERM");
  for (let waited = 0; waited < graceMs && child && children.has(child); waited += 100) await sleep(100);
  signalGroup(pid, "SIGKILL");
}

/** Synchronous variant for process.on("exit"), where nothing async runs any more. */
export function killAllNow() {
  for (const child of children) signalGroup(child.pid, "SIGKILL");
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

export function procTable() {
  const table = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ").trim();
      table.push({ pid: Number(entry), ppid, cmdline });
    } catch {
      // The process exited while we looked.
    }
  }
  return table;
}

/**
 * The standalone demo API, its lists serialized at start (--prewarm). fundSizes may be empty (every fund then has
 * perFund investors); latency: ms before every answer; admin: its /__demo endpoints (request counts).
 */
export async function startDemoApi({
  token,
  fundSizes = [],
  funds,
  perFund,
  latency = 0,
  admin = false,
  port: wanted,
  name = "demo-api",
}) {
  const port = wanted ?? (await freePort());
  const args = [
    "tsx",
    "lib/demo-api/cli.ts",
    "--port",
    String(port),
    "--token",
    token,
    ...(fundSizes.length > 0 ? ["--fund-sizes", fundSizes.join(",")] : []),
    "--funds",
    String(funds),
    "--investors-per-fund",
    String(perFund),
    "--latency",
    String(latency),
    "--prewarm",
    ...(admin ? ["--admin"] : []),
  ];
  const child = start(name, "npx", args);
  const url = await new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error("demo API did not start within 180 s")), 180_000);
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once("exit", (code) => reject(new Error(`demo API exited with ${code}; see ${logDir}${name}.log`)));
  });
  return { url: url.replace(/\/$/, ""), pid: child.pid };
}

/**
 * The production server `npm start` runs (scripts/server.mjs: Next's handler in-process behind the request-line
 * check), with npm start's Node flags and dir, a private snapshot of the build (see build-snapshot.mjs), as its
 * working directory. With profileDir it runs under `node --cpu-prof`; the profile is written when the bench stops
 * it. It also serves the bare pass-through (bare-in-app.mjs) at bareUrl, in the same process. Spawned, not waited
 * for: `spawnedAt` is the moment of the spawn (performance.now()).
 */
export async function spawnApp({ dir, upstreamUrl, token, profileDir, env: extraEnv = {}, name = "app-server" }) {
  const port = await freePort();
  const barePort = await freePort();
  const env = {
    CUSTOMER_API_BASE_URL: upstreamUrl,
    CUSTOMER_API_TOKEN: token,
    ...proxyEnv,
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
    PORT: String(port),
    DASHBOARD_HOST: "127.0.0.1",
    BENCH_BARE_PORT: String(barePort),
    ...extraEnv,
  };
  const profile = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  const bareInApp = ["--import", pathToFileURL(resolve("e2e/bench/bare-in-app.mjs")).href];
  const args = [...serverNodeFlags, ...profile, ...bareInApp, resolve("scripts/server.mjs")];
  const spawnedAt = performance.now();
  const child = start(name, process.execPath, args, env, dir);
  const spawned = { child, spawnedAt, exited: null, url: `http://127.0.0.1:${port}`, name };
  child.once("exit", (code, signal) => (spawned.exited = code ?? signal));
  return {
    ...spawned,
    get exited() {
      return spawned.exited;
    },
    app: { url: spawned.url, groupPid: child.pid, serverPid: child.pid, bareUrl: `http://127.0.0.1:${barePort}` },
  };
}

/** spawnApp, resolved once the server answers GET /api/funds. */
export async function startApp(options) {
  const spawned = await spawnApp(options);
  const name = options.name ?? "app-server";
  for (let waited = 0; waited < 120_000; waited += 250) {
    if (spawned.exited !== null)
      throw new Error(`the app server exited with ${spawned.exited}; see ${logDir}${name}.log`);
    try {
      const res = await fetch(`${spawned.url}/api/funds`, {
        // A deployment with access rules lets in only the groups they name: the caller says whose headers to use.
        headers: options.readyHeaders ?? proxyHeaders,
        signal: AbortSignal.timeout(30_000),
      });
      await res.arrayBuffer();
      if (res.ok) return spawned.app;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`the app server was not ready within 120 s; see ${logDir}${name}.log`);
}
