// `npm run bench`: measures the production build against the targets of issue 7 and writes results.md/results.json.
import { mkdirSync } from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { aggridPeer } from "./aggrid-peer.mjs";
import { alertsScale } from "./alerts.mjs";
import { browserTimings } from "./browser-timings.mjs";
import { watchContention } from "./contention.mjs";
import { changesScale } from "./changes.mjs";
import { csvExport } from "./csv-export.mjs";
import { directoryScale } from "./directory.mjs";
import { lighthouseScores } from "./lighthouse-scores.mjs";
import { getJson } from "./measure.mjs";
import { methodNotes } from "./notes.mjs";
import { pageWeight } from "./page-weight.mjs";
import { proxyCost } from "./proxy-cost.mjs";
import { carriedResults, machine, sideBySide, table, writeResults } from "./report.mjs";
import { snapshotBuild } from "./build-snapshot.mjs";
import { scaleFigures } from "./scale.mjs";
import { scopeCost } from "./scope.mjs";
import { statementsScale } from "./statements.mjs";
import { storeScale } from "./store.mjs";
import { warmStartScale } from "./warm.mjs";
import { killAllNow, logDir, randomToken, resetLogs, stopAll } from "./servers.mjs";
import { startStack } from "./stack.mjs";

const USAGE = `Usage: npm run bench -- [options]
  --base-url URL          measure this running deployment instead of starting the demo API and the app server
  --upstream-url URL      its Customer API (enables the direct and bare pass-through comparisons); needs --token
  --token T               bearer token for --upstream-url
  --only LIST             scenarios to run, comma-separated: proxy,browser,aggrid,csv,weight,lighthouse,warm,directory,store,
                          changes,scope,alerts,scale,statements
                          (default all); aggrid: our fund page beside AG Grid Community on the same funds, as ratios
                          (ours ÷ AG Grid); directory: the investor directory over 2,000 funds and 100,000 positions
                          on its own demo API (50 ms latency) and app servers (local mode only); store: the same
                          directory with no store, PGlite and PostgreSQL, the store's growth, a fresh start from it,
                          first rows from it beside AG Grid, two instances on one PostgreSQL; warm: fresh servers
                          with and without their warm-up (WARM_START), start to ready and a fund's first visit on the
                          fresh process beside one on the warm process (own demo API); changes: 40 days of kept
                          reads of a 50,000-investor fund and 2,000 funds of 50 in a fresh PGlite store, then a
                          fund's and the organization's changes and /changes in the browser (own demo API and
                          server); scope: the directory's build, a fund's first rows and the search as an admin of
                          everything and as one scoped to one organization (own demo API and servers); alerts: a read
                          kept to its webhook delivered with 1,000 subscriptions, 600 pairs exactly once across two
                          instances on PostgreSQL with one killed, the digest run for 100 subscribers (own demo APIs,
                          servers and PostgreSQL); scale: 2,000 funds × 50 on a fresh PGlite store, the first start, the server's RSS,
                          the store's bytes per position, a restart and the warm directory (with --big also
                          10,000 × 100; own demo API and servers); statements: one statement PDF, a fund's zip of
                          1,000 and of 10,000 PDFs with the server's RSS, and the embedded demo's first start with
                          and without its past (own demo API and servers). A subset keeps the
                          other scenarios' rows of the previous results, marked as carried over
  --runs N                measured runs per scenario (default 5)
  --warmup N              warm-up runs, not counted (default 1)
  --big-runs N            measured browser runs for the 50,000-investor fund (default 5)
  --cold-runs N           aggrid: our first visits, each on a freshly started app server; warm: fresh servers per
                          WARM_START mode (default 3)
  --directory-builds N    directory: measured builds, each on a freshly started app server after --warmup ones (default 3);
                          store: rounds of three builds (no store, PGlite, PostgreSQL)
  --lighthouse-runs N     Lighthouse runs per page (default 3)
  --lighthouse-preset P   desktop or mobile (default desktop)
  --big                   scale: also the 1,000,000-position organization (10,000 funds × 100)
  --search-key K          the keystroke of the search scenario (default q)
  --cpu-prof              start the app server with --cpu-prof; profiles land in e2e/bench/logs/profiles`;

const { values: args } = parseArgs({
  options: {
    "base-url": { type: "string" },
    "upstream-url": { type: "string" },
    token: { type: "string" },
    only: { type: "string" },
    runs: { type: "string", default: "5" },
    warmup: { type: "string", default: "1" },
    "big-runs": { type: "string", default: "5" },
    "cold-runs": { type: "string", default: "3" },
    "directory-builds": { type: "string", default: "3" },
    "lighthouse-runs": { type: "string", default: "3" },
    "lighthouse-preset": { type: "string", default: "desktop" },
    "search-key": { type: "string", default: "q" },
    "cpu-prof": { type: "boolean", default: false },
    big: { type: "boolean", default: false },
    help: { type: "boolean", short: "h" },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

// csv first: its cold run wants a fresh heap; directory, store and changes last: they bring their own servers and load
// the machine most (warm brings its own too, but loads it little).
const SCENARIOS = [
  "csv",
  "proxy",
  "browser",
  "aggrid",
  "weight",
  "lighthouse",
  "warm",
  "directory",
  "store",
  "changes",
  "scope",
  "alerts",
  "scale",
  "statements",
];
// Scenarios that start their own servers: with only these, the shared demo API and app server are not started.
const SELF_CONTAINED = ["directory", "warm", "changes", "scope", "alerts", "scale", "statements"];
const only = args.only ? args.only.split(",").map((name) => name.trim()) : SCENARIOS;
const unknown = only.filter((name) => !SCENARIOS.includes(name));
const int = (name) => Number.parseInt(args[name], 10);
if (
  unknown.length > 0 ||
  ["runs", "warmup", "big-runs", "cold-runs", "directory-builds", "lighthouse-runs"].some((name) => !(int(name) >= 0))
) {
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
const contention = watchContention();
const skipped = [];
const incidents = [];

let snapshot = null;
process.on("exit", () => {
  killAllNow();
  snapshot?.remove();
});
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
    const best = funds.reduce((a, b) =>
      Math.abs((b.investor_count ?? 0) - wanted) < Math.abs((a.investor_count ?? 0) - wanted) ? b : a,
    );
    return { id: best.id, size: best.investor_count ?? 0, wanted };
  });
}

async function main() {
  let stack = null;
  let external = null;
  const shared = only.some((name) => !SELF_CONTAINED.includes(name));
  const profileDir = local && args["cpu-prof"] ? `${logDir}profiles` : undefined;
  if (local) {
    resetLogs();
    snapshot = await snapshotBuild(log);
    if (profileDir) mkdirSync(profileDir, { recursive: true });
  }
  if (local && shared) {
    const perFund = 3;
    log(`starting the demo Customer API: funds of ${FUND_SIZES.join(", ")} investors + ${GRID_FUNDS} of ${perFund}`);
    const token = randomToken();
    stack = await startStack({
      dir: snapshot.dir,
      token,
      fundSizes: FUND_SIZES,
      funds: GRID_FUNDS + FUND_SIZES.length,
      perFund,
      profileDir,
      log,
    });
    log(`demo API ${stack.api.url}; app server ${stack.app.url} (pid ${stack.app.serverPid}); logs in ${logDir}`);
  } else if (!local) {
    external = { url: args["base-url"].replace(/\/$/, ""), serverPid: null };
    skipped.push(
      "server memory (no local process to read /proc from)",
      "Next route-bundle-stats cross-check (no local build of that deployment)",
    );
    if (!args["upstream-url"]) skipped.push("direct upstream and bare pass-through comparisons (no --upstream-url)");
    if (only.includes("aggrid"))
      skipped.push("our first visits on a fresh server beside AG Grid (no local app server to restart)");
    if (only.includes("directory"))
      skipped.push("the directory scenario (it needs its own demo API and freshly started app servers)");
    if (only.includes("store")) skipped.push("the store scenario (it needs its own servers and stores)");
    if (only.includes("warm")) skipped.push("the warm scenario (it needs freshly started servers of its own)");
    if (only.includes("changes"))
      skipped.push("the changes scenario (it needs its own store, written before its server starts)");
  }
  const app = () => stack?.app ?? external;
  const upstream = () =>
    stack
      ? { url: stack.api.url, token: stack.token }
      : args["upstream-url"]
        ? { url: args["upstream-url"].replace(/\/$/, ""), token: args.token }
        : null;
  const allFunds = !shared
    ? []
    : upstream()
      ? await getJson(`${upstream().url}/customerapi/funds`, { authorization: `Bearer ${upstream().token}` })
      : await getJson(`${app().url}/api/funds`);
  const [small, mid, big] = shared ? pickFunds(allFunds) : [];
  if (shared)
    log(
      `funds: ${allFunds.length}; picked ${[small, mid, big].map((fund) => `${fund.size} investors (${fund.id})`).join(", ")}`,
    );

  const runs = int("runs");
  const warmup = int("warmup");
  const scenarios = {
    csv: async () =>
      (
        await csvExport({
          appUrl: app().url,
          serverPid: app().serverPid,
          freshServer: stack?.restartApp,
          funds: [mid, big],
          warmFund: small,
          runs,
          log,
        })
      ).results,
    proxy: () =>
      proxyCost({
        appUrl: app().url,
        bareInAppUrl: stack?.app.bareUrl,
        upstreamUrl: upstream()?.url,
        token: upstream()?.token,
        funds: [small, mid, big],
        runs,
        warmup,
        log,
      }),
    browser: async () => {
      // A fresh server holds no investor list, so each fund's first visit really is cold (the CSV scenario held some).
      await stack?.restartApp();
      return browserTimings({
        appUrl: app().url,
        funds: [mid, big],
        gridFundCount: allFunds.length,
        runs,
        warmup,
        bigRuns: int("big-runs"),
        searchKey: args["search-key"],
        log,
      });
    },
    // The peer page gets the raw list from the upstream (or, without one, from our whole-list route).
    aggrid: () =>
      aggridPeer({
        appUrl: () => app().url,
        restartApp: stack?.restartApp,
        source: upstream() ?? { url: app().url },
        funds: [mid, big],
        runs,
        warmup,
        bigRuns: int("big-runs"),
        coldRuns: int("cold-runs"),
        searchKey: args["search-key"],
        log,
      }),
    weight: async () => {
      const investors = await getJson(`${app().url}/api/funds/${small.id}/investors`);
      return pageWeight({
        appUrl: app().url,
        smallFund: small,
        investorId: investors[0]?.id,
        jsonFund: mid,
        buildDir: snapshot?.dir,
        log,
      });
    },
    lighthouse: () => {
      const pages = [
        ["/ (Overview)", `${app().url}/`],
        ["/funds", `${app().url}/funds`],
        ["fund page (100 investors)", `${app().url}/funds/${small.id}`],
        ["/outstanding", `${app().url}/outstanding`],
      ];
      return lighthouseScores({ pages, runs: int("lighthouse-runs"), preset: args["lighthouse-preset"], log });
    },
    warm: async () => (local ? warmStartScale({ dir: snapshot.dir, coldRuns: int("cold-runs"), profileDir, log }) : []),
    directory: async () =>
      local
        ? directoryScale({
            dir: snapshot.dir,
            runs,
            warmup,
            builds: int("directory-builds"),
            profileDir,
            incidents,
            log,
          })
        : [],
    store: async () =>
      local
        ? storeScale({
            dir: snapshot.dir,
            shared: stack ? { api: stack.api, token: stack.token, funds: [mid, big] } : null,
            runs,
            warmup,
            bigRuns: int("big-runs"),
            coldRuns: int("cold-runs"),
            builds: int("directory-builds"),
            profileDir,
            log,
          })
        : [],
    changes: async () => (local ? changesScale({ dir: snapshot.dir, runs, warmup, profileDir, log }) : []),
    scope: async () => (local ? scopeCost({ dir: snapshot.dir, runs: Math.min(runs, 3), warmup, log }) : []),
    alerts: async () => (local ? alertsScale({ dir: snapshot.dir, runs: Math.min(runs, 3), log }) : []),
    scale: async () => (local ? scaleFigures({ dir: snapshot.dir, big: args.big, profileDir, log }) : []),
    statements: async () => (local ? statementsScale({ dir: snapshot.dir, runs: Math.min(runs, 3), log }) : []),
  };
  const results = [];
  const loadPerScenario = {};
  for (const scenario of SCENARIOS.filter((name) => only.includes(name))) {
    log(`scenario ${scenario}`);
    contention.mark(scenario);
    loadPerScenario[scenario] = os.loadavg()[0].toFixed(2);
    await stack?.heal(`before the ${scenario} scenario`);
    // A server stopped from outside mid-scenario gets restarted and the scenario rerun once; any other error ends the bench.
    for (let attempt = 1; ; attempt += 1) {
      try {
        results.push(...(await scenarios[scenario]()));
        break;
      } catch (error) {
        if (attempt >= 2 || !stack || !(await stack.heal(`during the ${scenario} scenario (${error.message})`)))
          throw error;
        log(`rerunning the ${scenario} scenario`);
      }
    }
  }
  incidents.push(...(stack?.incidents ?? []));
  await stopAll();
  const foreignCpu = contention.stop();

  const meta = {
    mode: local
      ? "local: demo API + app server (scripts/server.mjs) started by the bench"
      : `against ${external.url}${upstream() ? ` and upstream ${upstream().url}` : ""}`,
    startedAt: new Date(started).toISOString(),
    finishedAt: new Date().toISOString(),
    wallSeconds: (Date.now() - started) / 1000,
    args: process.argv.slice(2).map((arg) => (arg === args.token ? "<token>" : arg)),
    machine: machine(),
    loadAverage: {
      start: loadStart,
      end: os.loadavg().map((value) => value.toFixed(2)),
      oneMinuteAtScenarioStart: loadPerScenario,
    },
    foreignCpu,
    skipped,
    incidents,
    funds: shared ? { total: allFunds.length, small, mid, big } : null,
    build: snapshot ? { buildId: snapshot.buildId, builtAt: snapshot.builtAt } : null,
  };
  // A subset run keeps the other scenarios' rows of the previous results (see carriedResults): by the rows' own
  // scenario, so a mobile Lighthouse run ("lighthouse-mobile" rows) keeps the desktop rows beside it.
  const carried = carriedResults({
    ran: [...new Set([...only, ...results.map((row) => row.id.split(".")[0])])].filter(
      (name) => name !== "lighthouse" || results.some((row) => row.id.startsWith("lighthouse.")),
    ),
    mode: meta.mode,
  });
  const notes = methodNotes({
    local,
    only: SCENARIOS.filter((name) => only.includes(name) || carried.scenarios.includes(name)),
    runs,
    warmup,
    args,
    skipped,
    incidents,
    // Carried browser rows were measured on the grid of their own run.
    gridFunds: allFunds.length || (carried.runs.find((run) => run.funds)?.funds.total ?? 0),
    build: meta.build,
  });
  const { met, total } = writeResults({ results, meta, notes, carried });
  console.log(
    `\n${table(results)}\n\n${sideBySide(results)}\n\n${met} of ${total} targets met; wall time ${Math.round(meta.wallSeconds)} s; written e2e/bench/results.md and results.json`,
  );
}

main().then(
  () => process.exit(0),
  async (error) => {
    console.error(`bench: could not run: ${error?.stack ?? error}`);
    await stopAll();
    process.exit(1);
  },
);
