// `npm run bench`: measures the production build against the targets of issue 7 and writes results.md/results.json.
import { mkdirSync } from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { browserTimings } from "./browser-timings.mjs";
import { csvExport } from "./csv-export.mjs";
import { lighthouseScores } from "./lighthouse-scores.mjs";
import { getJson } from "./measure.mjs";
import { methodNotes } from "./notes.mjs";
import { pageWeight } from "./page-weight.mjs";
import { proxyCost } from "./proxy-cost.mjs";
import { table, machine, writeResults } from "./report.mjs";
import { ensureBuild, killAllNow, logDir, randomToken, startApp, startDemoApi, stopAll, stopGroup } from "./servers.mjs";

const USAGE = `Usage: npm run bench -- [options]
  --base-url URL          measure this running deployment instead of starting the demo API and next start
  --upstream-url URL      its Customer API (enables the direct and bare pass-through comparisons); needs --token
  --token T               bearer token for --upstream-url
  --only LIST             scenarios to run, comma-separated: proxy,browser,csv,weight,lighthouse (default all)
  --runs N                measured runs per scenario (default 5)
  --warmup N              warm-up runs, not counted (default 1)
  --big-runs N            measured browser runs for the 50,000-investor fund (default 3)
  --lighthouse-runs N     Lighthouse runs per page (default 3)
  --lighthouse-preset P   desktop or mobile (default desktop)
  --search-key K          the keystroke of the search scenario (default q)
  --cpu-prof              start next-server with --cpu-prof; profiles land in e2e/bench/logs/profiles`;

const { values: args } = parseArgs({
  options: {
    "base-url": { type: "string" }, "upstream-url": { type: "string" }, token: { type: "string" }, only: { type: "string" },
    runs: { type: "string", default: "5" }, warmup: { type: "string", default: "1" }, "big-runs": { type: "string", default: "3" },
    "lighthouse-runs": { type: "string", default: "3" }, "lighthouse-preset": { type: "string", default: "desktop" },
    "search-key": { type: "string", default: "q" }, "cpu-prof": { type: "boolean", default: false }, help: { type: "boolean", short: "h" },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const SCENARIOS = ["csv", "proxy", "browser", "weight", "lighthouse"]; // csv first: its cold run wants a fresh heap
const only = args.only ? args.only.split(",").map((name) => name.trim()) : SCENARIOS;
const unknown = only.filter((name) => !SCENARIOS.includes(name));
const int = (name) => Number.parseInt(args[name], 10);
if (unknown.length > 0 || ["runs", "warmup", "big-runs", "lighthouse-runs"].some((name) => !(int(name) >= 0))) {
  console.error(`bench: bad arguments${unknown.length ? ` (unknown scenario ${unknown.join(", ")})` : ""}\n\n${USAGE}`);
  process.exit(2);
}
if (args["upstream-url"] && !args.token) {
  console.error("bench: --upstream-url needs --token");
  process.exit(2);
}

const log = (message) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
const local = !args["base-url"];
const started = Date.now();
const loadStart = os.loadavg().map((value) => value.toFixed(2));
const skipped = [];

process.on("exit", killAllNow);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    log(`${signal}: stopping the servers`);
    stopAll().finally(() => process.exit(130));
  });
}

const FUND_SIZES = [100, 10_000, 50_000];
const GRID_FUNDS = 2000;

/** The fund whose investor_count is closest to each wanted size (exact in local mode). */
function pickFunds(funds) {
  return FUND_SIZES.map((wanted) => {
    const best = funds.reduce((a, b) => (Math.abs((b.investor_count ?? 0) - wanted) < Math.abs((a.investor_count ?? 0) - wanted) ? b : a));
    return { id: best.id, size: best.investor_count ?? 0, wanted };
  });
}

async function main() {
  let app;
  let upstream = null;
  let freshServer = null;
  if (local) {
    await ensureBuild(log);
    const token = randomToken();
    const perFund = 3;
    log(`starting the demo Customer API: funds of ${FUND_SIZES.join(", ")} investors + ${GRID_FUNDS} of ${perFund}`);
    const api = await startDemoApi({ token, fundSizes: FUND_SIZES, funds: GRID_FUNDS + FUND_SIZES.length, perFund });
    upstream = { url: api.url, token };
    const nodeOptions = args["cpu-prof"] ? `--cpu-prof --cpu-prof-dir=${logDir}profiles` : undefined;
    if (nodeOptions) mkdirSync(`${logDir}profiles`, { recursive: true });
    const start = () => startApp({ upstreamUrl: api.url, token, nodeOptions });
    app = await start();
    freshServer = async () => {
      await stopGroup(app.groupPid);
      app = await start();
      return app;
    };
    log(`demo API ${api.url}; next start ${app.url} (next-server pid ${app.serverPid}); logs in ${logDir}`);
  } else {
    app = { url: args["base-url"].replace(/\/$/, ""), serverPid: null };
    if (args["upstream-url"]) upstream = { url: args["upstream-url"].replace(/\/$/, ""), token: args.token };
    skipped.push("server memory (no local process to read /proc from)", "Next route-bundle-stats cross-check (no local build of that deployment)");
    if (!upstream) skipped.push("direct upstream and bare pass-through comparisons (no --upstream-url)");
  }
  const allFunds = upstream
    ? await getJson(`${upstream.url}/customerapi/funds`, { authorization: `Bearer ${upstream.token}` })
    : await getJson(`${app.url}/api/funds`);
  const [small, mid, big] = pickFunds(allFunds);
  log(`funds: ${allFunds.length}; picked ${[small, mid, big].map((fund) => `${fund.size} investors (${fund.id})`).join(", ")}`);

  const runs = int("runs");
  const warmup = int("warmup");
  const results = [];
  for (const scenario of SCENARIOS.filter((name) => only.includes(name))) {
    log(`scenario ${scenario}`);
    if (scenario === "csv") {
      const out = await csvExport({ appUrl: app.url, serverPid: app.serverPid, freshServer, funds: [mid, big], runs, log });
      results.push(...out.results);
    } else if (scenario === "proxy") {
      results.push(...(await proxyCost({ appUrl: app.url, upstreamUrl: upstream?.url, token: upstream?.token, funds: [small, mid, big], runs, warmup, log })));
    } else if (scenario === "browser") {
      results.push(...(await browserTimings({
        appUrl: app.url, funds: [mid, big], gridFundCount: allFunds.length, runs, warmup, bigRuns: int("big-runs"), searchKey: args["search-key"], log,
      })));
    } else if (scenario === "weight") {
      const investors = await getJson(`${app.url}/api/funds/${small.id}/investors`);
      results.push(...(await pageWeight({ appUrl: app.url, smallFund: small, investorId: investors[0]?.id, jsonFund: mid, local, log })));
    } else if (scenario === "lighthouse") {
      const pages = [["/funds", `${app.url}/funds`], ["fund page (100 investors)", `${app.url}/funds/${small.id}`]];
      results.push(...(await lighthouseScores({ pages, runs: int("lighthouse-runs"), preset: args["lighthouse-preset"], log })));
    }
  }
  await stopAll();

  const meta = {
    mode: local ? "local: demo API + next start started by the bench" : `against ${app.url}${upstream ? ` and upstream ${upstream.url}` : ""}`,
    startedAt: new Date(started).toISOString(), finishedAt: new Date().toISOString(), wallSeconds: (Date.now() - started) / 1000,
    args: process.argv.slice(2).map((arg) => (arg === args.token ? "<token>" : arg)), machine: machine(),
    loadAverage: { start: loadStart, end: os.loadavg().map((value) => value.toFixed(2)) }, skipped,
    funds: { total: allFunds.length, small, mid, big },
  };
  const notes = methodNotes({ local, only, runs, warmup, args, skipped, gridFunds: allFunds.length });
  const { met, total } = writeResults({ results, meta, notes });
  console.log(`\n${table(results)}\n\n${met} of ${total} targets met; wall time ${Math.round(meta.wallSeconds)} s; written e2e/bench/results.md and results.json`);
}

main().then(
  () => process.exit(0),
  async (error) => {
    console.error(`bench: could not run: ${error?.stack ?? error}`);
    await stopAll();
    process.exit(1);
  },
);
