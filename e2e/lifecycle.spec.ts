import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { seedPgliteFolder } from "../lib/store/pglite-template.mjs";
import { expect, test } from "./support/fixtures";
import { ports } from "./playwright.config";

// Restarts nobody notices (issue 29): a server stopped one second after its directory completed keeps every read it
// made, and the next one answers /healthz at once while it loads several thousand funds' kept reads.

const funds = 3_000;
const token = `lifecycle.${randomBytes(12).toString("hex")}`;
const dir = `.e2e/db/lifecycle-${process.pid}/db`;
let upstream: ChildProcess;

function logOf(child: ChildProcess): () => string {
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  return () => text;
}

async function until(what: string, check: () => boolean | Promise<boolean>, limitMs: number) {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${limitMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const apps: ChildProcess[] = [];

function startApp() {
  const child = spawn("node", ["scripts/server.mjs"], {
    env: {
      ...process.env,
      PORT: String(ports.lifecycleApp),
      CUSTOMER_API_BASE_URL: `http://127.0.0.1:${ports.lifecycleUpstream}`,
      CUSTOMER_API_TOKEN: token,
      DASHBOARD_AUTH: "none",
      DASHBOARD_PROXY_USER_HEADER: "X-Forwarded-Email",
      DASHBOARD_PROXY_SECRET: "lifecycle-proxy-secret-0123456789abcdef",
      DASHBOARD_USERS_FILE: "",
      OIDC_ISSUER: "",
      DATABASE_DIR: dir,
      DIRECTORY_CONCURRENCY: "12",
    },
    // A process group of its own (with its embedded store's process), as a terminal's foreground job is.
    detached: true,
  });
  apps.push(child);
  return { child, log: logOf(child) };
}

const base = `http://127.0.0.1:${ports.lifecycleApp}`;
const proxied = {
  "x-forwarded-email": "ops@example.com",
  "x-dashboard-proxy-secret": "lifecycle-proxy-secret-0123456789abcdef",
};
const answers = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(2_000) }).then(
    (response) => response.status,
    () => 0,
  );

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Its own process group: the demo API (npx, tsx and node) stops whole at the end.
  upstream = spawn(
    "npx",
    [
      "tsx",
      "lib/demo-api/cli.ts",
      "--port",
      String(ports.lifecycleUpstream),
      "--token",
      token,
      "--funds",
      String(funds),
      "--investors-per-fund",
      "10",
    ],
    { detached: true },
  );
  const log = logOf(upstream);
  await seedPgliteFolder(dir, ".e2e/pglite-template");
  await until("the demo API listening", () => log().includes("listening on"), 60_000);
});

test.afterAll(() => {
  if (upstream?.pid) process.kill(-upstream.pid, "SIGTERM");
  // A server left running by a failed run would hold the port (and a core) for the next one.
  for (const app of apps) if (app.exitCode === null && app.signalCode === null) process.kill(-app.pid!, "SIGKILL");
});

test("a stop one second after the directory completes loses no read, and the next start is alive at once", async () => {
  test.setTimeout(300_000);
  const first = startApp();
  await until("the first server ready", () => first.log().includes('"event":"server_ready"'), 120_000);
  await until(
    "the directory complete",
    async () => {
      const response = await fetch(`${base}/api/investors?limit=1`, { headers: proxied });
      return response.ok && ((await response.json()) as { complete: boolean }).complete;
    },
    180_000,
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const stopped = new Promise((resolve) => first.child.once("exit", resolve));
  // Ctrl-C: SIGINT to the whole group, so the embedded store's process gets it too and must outlast the drain.
  process.kill(-first.child.pid!, "SIGINT");
  expect(await stopped).toBe(0);
  expect(first.log()).toContain('"event":"server_stopped"');
  expect(first.log()).not.toContain('"event":"server_stop_unfinished"');

  const next = startApp();
  const spawnedAt = Date.now();
  // Alive within a second of listening, while several thousand funds' kept reads load and /readyz says warming.
  await until("listening", () => next.log().includes('"event":"server_listening"'), 60_000);
  await until("/healthz answering", async () => (await answers("/healthz")) === 200, 1_000);
  const readyAtHealth = next.log().includes('"event":"server_ready"');
  await until("ready", () => next.log().includes('"event":"server_ready"'), 120_000);
  const loaded = /"event":"kept_reads_loaded","source":"default","funds":(\d+)/.exec(next.log());
  next.child.kill("SIGTERM");
  expect(readyAtHealth, `alive ${Date.now() - spawnedAt} ms after the spawn, before it was ready`).toBe(false);
  // Every fund the stopped server had read was kept: none is read again.
  expect(Number(loaded?.[1])).toBe(funds);
});
