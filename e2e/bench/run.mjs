// `npm run bench`: measures the production build against the targets of issue 7 and writes results.md/results.json.
import { mkdirSync } from "node:fs";
import os from "node:os";
import { aggridPeer } from "./aggrid-peer.mjs";
import { alertsScale } from "./alerts.mjs";
import { browserTimings } from "./browser-timings.mjs";
import { benchArgs, SCENARIOS, SELF_CONTAINED } from "./cli.mjs";
import { watchContention } from "./contention.mjs";
import { changesScale } from "./changes.mjs";
import { csvExport } from "./csv-export.mjs";
import { directoryScale } from "./directory.mjs";
import { lighthouseScores } from "./lighthouse-scores.mjs";
import { manyPeople } from "./many-people.mjs";
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
import { teamScale } from "./team.mjs";
import { warmStartScale } from "./warm.mjs";
import { killAllNow, logDir, randomToken, resetLogs, stopAll } from "./servers.mjs";
import { startStack } from "./stack.mjs";

const { args, only, sizes, stores } = benchArgs();
const int = (name) => Number.parseInt(args[name], 10);

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
    for (const name of ["scale", "many-people"])
      if (only.includes(name)) skipped.push(`the ${name} scenario (it needs its own demo API, stores and servers)`);
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
    scale: async () => (local ? scaleFigures({ dir: snapshot.dir, sizes, stores, profileDir, log }) : []),
    "many-people": async () => (local ? manyPeople({ seconds: int("load-seconds"), log }) : []),
    team: async () => (local ? teamScale({ dir: snapshot.dir, runs, warmup, log }) : []),
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
