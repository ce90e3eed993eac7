// Load run for the hardening issue: autocannon, loopback only, bounded. Starts the demo API and the production
// server with a local user, signs in, then runs 200 connections for 30 s, 3 times, on /api/funds and on the
// investor table of a 10,000-investor fund, reading the server's RSS after each run.
// `npm run load` (add `-- --full-list` for the whole-list proxy route too).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { serverNodeFlags } from "./server-flags.mjs";

const duration = Number(process.env.LOAD_SECONDS ?? 30);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 200);
const token = randomBytes(16).toString("hex");
const children = [];
const stop = () =>
  children.forEach((child) => {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {}
  });
process.on("exit", stop);

function start(command, args, env) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, detached: true, stdio: "ignore" });
  children.push(child);
  return child;
}

async function waitFor(url, init) {
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(url, init)
      .then((r) => r.status < 500)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

const rss = (pid) => Math.round(Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)[1]) / 1024);

start("npx", ["tsx", "lib/demo-api/cli.ts", "--port", "4021", "--token", token, "--fund-sizes", "10000", "--prewarm"]);
await waitFor("http://127.0.0.1:4021/customerapi/funds", { headers: { Authorization: `Bearer ${token}` } });
const server = start("node", [...serverNodeFlags, "scripts/server.mjs"], {
  PORT: "3121",
  CUSTOMER_API_BASE_URL: "http://127.0.0.1:4021",
  CUSTOMER_API_TOKEN: token,
  DASHBOARD_USERS_FILE: "e2e/support/users.json",
  DASHBOARD_SESSION_SECRET: randomBytes(32).toString("hex"),
});
await waitFor("http://127.0.0.1:3121/login");
const login = await fetch("http://127.0.0.1:3121/auth/login", {
  method: "POST",
  headers: { "Content-Type": "application/json", Origin: "http://127.0.0.1:3121" },
  body: JSON.stringify({ email: "ops@example.com", password: "e2e-password-not-a-secret" }),
});
const cookie = login.headers.get("set-cookie")?.split(";")[0];
if (!cookie) throw new Error(`sign-in failed: HTTP ${login.status}`);
const funds = await (await fetch("http://127.0.0.1:3121/api/funds", { headers: { cookie } })).json();
const big = funds.find((fund) => fund.investor_count === 10000);

const rows = [];
const rowsPath = `/api/funds/${big.id}/investor-rows`;
const targets = [
  ["/api/funds", "/api/funds"],
  // What the investor table loads: its first page, and a later page of a sorted view.
  ["investor table of a 10,000 fund, first page", rowsPath],
  [
    "investor table of a 10,000 fund, sorted, rows 5,000-5,299",
    `${rowsPath}?sort=commitment_amount.desc&offset=5000&limit=300`,
  ],
];
// The whole 14 MB list at once (the plain proxy route); opt-in: 200 clients × 14 MB exceed what loopback carries here.
if (process.argv.includes("--full-list"))
  targets.push(["full investor list of a 10,000 fund", `/api/funds/${big.id}/investors`]);
for (const [label, path] of targets) {
  for (let run = 1; run <= 3; run++) {
    // autocannon runs in its own process with room for 200 × 14 MB responses in flight.
    const output = execFileSync(
      "node",
      [
        "--max-old-space-size=8192",
        "node_modules/autocannon/autocannon.js",
        "--json",
        "-c",
        String(connections),
        "-d",
        String(duration),
        "-H",
        `cookie=${cookie}`,
        `http://127.0.0.1:3121${path}`,
      ],
      { maxBuffer: 64 * 1024 * 1024, stdio: ["ignore", "pipe", "ignore"] },
    );
    const result = JSON.parse(output.toString());
    await new Promise((r) => setTimeout(r, 3000));
    // autocannon counts timeouts among its errors.
    const errors = result.errors + result.non2xx;
    const kinds = `${result.timeouts} timeouts, ${result.non2xx} non-2xx, ${result.errors - result.timeouts} other`;
    rows.push({
      label,
      run,
      requests: result.requests.total,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors,
      kinds,
      rss: rss(server.pid),
    });
    console.log(JSON.stringify(rows.at(-1)));
  }
}
console.log("\n| target | run | requests | req/s | p50 ms | p99 ms | errors | server RSS after |");
console.log("|---|---|---|---|---|---|---|---|");
for (const r of rows)
  console.log(`| ${r.label} | ${r.run} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.rss} MB |`);
stop();
process.exit(0);
