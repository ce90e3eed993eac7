// The load run with one signed-in session, 200 autocannon connections per target (`npm run load`, alone or with
// `--instances 2`), as scripts/load.mjs describes; kept as it was measured for the README's tables.
import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { rssMb as rss } from "./load-mixed.mjs";
import { settled } from "./load-targets.mjs";
import { startMultiInstance } from "./multi-instance.mjs";
import { serverNodeFlags } from "./server-flags.mjs";

const credentials = { email: "ops@example.com", password: "e2e-password-not-a-secret" };

async function waitFor(url, init) {
  for (let i = 0; i < 120; i++) {
    if (
      await fetch(url, init).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

/** The demo API and one production server, as before there were several instances. */
async function singleInstance() {
  const token = randomBytes(16).toString("hex");
  const children = [];
  const start = (command, args, env) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, detached: true, stdio: "ignore" });
    children.push(child);
    return child;
  };
  start("npx", [
    "tsx",
    "lib/demo-api/cli.ts",
    "--port",
    "4021",
    "--token",
    token,
    "--fund-sizes",
    "10000",
    "--prewarm",
  ]);
  await waitFor("http://127.0.0.1:4021/customerapi/funds", { headers: { Authorization: `Bearer ${token}` } });
  const server = start("node", [...serverNodeFlags, "scripts/server.mjs"], {
    PORT: "3121",
    CUSTOMER_API_BASE_URL: "http://127.0.0.1:4021",
    CUSTOMER_API_TOKEN: token,
    DASHBOARD_USERS_FILE: "e2e/support/users.json",
    DASHBOARD_SESSION_SECRET: randomBytes(32).toString("hex"),
  });
  await waitFor("http://127.0.0.1:3121/login");
  const stop = () => children.forEach((child) => process.kill(-child.pid, "SIGKILL"));
  return { base: "http://127.0.0.1:3121", memory: () => `${rss(server.pid)} MB`, stop };
}

async function severalInstances(instances) {
  const stack = await startMultiInstance({ instances, demoArgs: ["--fund-sizes", "10000", "--prewarm"] });
  const memory = () => `${stack.apps.map((app) => rss(app.pid)).join(" + ")} MB, Redis ${rss(stack.redisPid())} MB`;
  return { base: stack.proxyUrl, memory, stop: () => stack.stop() };
}

/** One session's load on /api/funds and a 10,000-investor fund's table (with `instances` > 1: through the proxy). */
export async function runSessionLoad({ instances = 1, fullList = false } = {}) {
  const duration = Number(process.env.LOAD_SECONDS ?? 30);
  const connections = Number(process.env.LOAD_CONNECTIONS ?? 200);
  const runs = Number(process.env.LOAD_RUNS ?? 3);
  const target = instances > 1 ? await severalInstances(instances) : await singleInstance();
  const { base } = target;
  const login = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify(credentials),
  });
  const cookie = login.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error(`sign-in failed: HTTP ${login.status}`);
  const get = async (path) => (await fetch(`${base}${path}`, { headers: { cookie } })).json();
  // Read while the list is still being read, a page names no version yet.
  const versionOf = async (path) =>
    (await settled(base, path, cookie, (body) => typeof body.version === "string")).version;
  const big = (await get("/api/funds")).find((fund) => fund.investor_count === 10000);
  const rowsPath = `/api/funds/${big.id}/investor-rows`;
  const deep = `${rowsPath}?sort=commitment_amount.desc&offset=5000&limit=300`;

  const targets =
    instances > 1
      ? [
          ["fund page of a 10,000-investor fund (HTML)", `/funds/${big.id}`],
          ["its investor table, first page", `${rowsPath}?offset=0&limit=100`],
          // A later page names the list it was cut from, as the table asks: any instance must answer it, never 409.
          ["its table sorted, rows 5,000-5,299, with version", `${deep}&version=${await versionOf(deep)}`],
        ]
      : [
          ["/api/funds", "/api/funds"],
          ["investor table of a 10,000 fund, first page", rowsPath],
          ["investor table of a 10,000 fund, sorted, rows 5,000-5,299", deep],
        ];
  // The whole 14 MB list at once (the plain proxy route); opt-in: 200 clients × 14 MB exceed what loopback carries here.
  if (fullList) targets.push(["full investor list of a 10,000 fund", `/api/funds/${big.id}/investors`]);

  const rows = [];
  for (const [label, path] of targets) {
    for (let run = 1; run <= runs; run++) {
      // autocannon runs in its own process with room for 200 × 14 MB responses in flight.
      const args = ["--json", "-c", String(connections), "-d", String(duration), "-t", "30", "-H", `cookie=${cookie}`];
      // Not execFileSync: with several instances the round-robin proxy runs in this process and must keep serving.
      const { stdout: output } = await promisify(execFile)(
        "node",
        ["--max-old-space-size=8192", "node_modules/autocannon/autocannon.js", ...args, `${base}${path}`],
        { maxBuffer: 64 * 1024 * 1024 },
      );
      const result = JSON.parse(output);
      await new Promise((r) => setTimeout(r, 3000));
      // autocannon counts timeouts among its errors.
      rows.push({
        label,
        run,
        requests: result.requests.total,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors - result.timeouts,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        statuses: Object.keys(result.statusCodeStats ?? {}).join(" "),
        memory: target.memory(),
        // The machine's 1-minute load average, this run's own processes included: how busy the cores were.
        load: loadavg()[0].toFixed(1),
      });
      console.log(JSON.stringify(rows.at(-1)));
    }
  }
  console.log(
    "\n| target | run | requests | req/s | p50 ms | p99 ms | errors | timeouts | non-2xx | RSS after | load |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of rows)
    console.log(
      `| ${r.label} | ${r.run} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.timeouts} | ${r.non2xx} | ${r.memory} | ${r.load} |`,
    );
  await target.stop();
}
