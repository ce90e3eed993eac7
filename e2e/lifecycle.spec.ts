import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { seedPgliteFolder } from "../lib/store/pglite-template.mjs";
import { expect, test } from "./support/fixtures";
import { ports } from "./playwright.config";

// Restarts nobody notices (issue 29): a server stopped one second after its directory completed keeps every read it
// made, and the next one answers /healthz and the whole directory from the store at once, reading nothing again. And
// a first start, seen from the All investors download: how many funds of how many are read, then every investor.

// One server at a time on the one port: the second test starts after the first has stopped its server.
test.describe.configure({ mode: "serial" });

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

function startApp(folder = dir) {
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
      DATABASE_DIR: folder,
      DIRECTORY_CONCURRENCY: "12",
      // No first visit of its own: every list the upstream sends here is the organization's reads.
      WARM_START: "0",
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
/** How many investor lists the upstream has sent so far. */
async function listsRead(): Promise<number> {
  const { paths } = (await (await fetch(`http://127.0.0.1:${ports.lifecycleUpstream}/__demo/stats`)).json()) as {
    paths: Record<string, number>;
  };
  return Object.entries(paths).reduce((sum, [path, count]) => sum + (path.endsWith("/investors") ? count : 0), 0);
}

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
      "--admin",
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

  const read = await listsRead();
  expect(read, "each fund's list read once").toBe(funds);

  const next = startApp();
  const spawnedAt = Date.now();
  // Alive within a second of listening; the store answers every organization-wide view from then on.
  await until("listening", () => next.log().includes('"event":"server_listening"'), 60_000);
  await until("/healthz answering", async () => (await answers("/healthz")) === 200, 1_000);
  const directory = (await (await fetch(`${base}/api/investors?limit=1`, { headers: proxied })).json()) as {
    complete: boolean;
    progress: { read: number; total: number };
    matched: number;
  };
  const ended = new Promise((resolve) => next.child.once("exit", resolve));
  next.child.kill("SIGTERM");
  await ended;
  expect(directory, `${Date.now() - spawnedAt} ms after the spawn`).toMatchObject({
    complete: true,
    progress: { read: funds, total: funds },
  });
  expect(directory.matched).toBeGreaterThan(0);
  // Every fund the stopped server had read was kept: none is read again.
  expect(await listsRead()).toBe(read);
});

test("All investors on a first start says how many funds of how many are read, then gives every investor", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const folder = `.e2e/db/lifecycle-first-${process.pid}/db`;
  await seedPgliteFolder(folder, ".e2e/pglite-template");
  const app = startApp(folder);
  await until("the server ready", () => app.log().includes('"event":"server_ready"'), 120_000);
  const context = await browser.newContext({ extraHTTPHeaders: proxied, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${base}/funds`);
  const button = page.getByRole("button", { name: /^All investors/ });
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 240_000 }),
    (async () => {
      await button.click();
      await expect(button).toHaveText(/^All investors: [\d,]+ of 3,000 funds read…$/);
    })(),
  ]);
  const rows = parse(await readFile((await download.path())!, "utf8"), { columns: true }) as Record<string, string>[];
  await context.close();
  app.child.kill("SIGTERM");
  expect(Object.keys(rows[0]!).slice(0, 2)).toEqual(["fund.id", "fund.name"]);
  expect(rows).toHaveLength(funds * 10);
  expect(new Set(rows.map((row) => row["fund.id"])).size).toBe(funds);
});
