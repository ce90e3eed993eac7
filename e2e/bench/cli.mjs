// `npm run bench`'s command line: its usage, options, scenarios and their checks (exit 2 on bad arguments).
import { parseArgs } from "node:util";
import { SCALE_SIZES, SCALE_STORES } from "./scale.mjs";

export const USAGE = `Usage: npm run bench -- [options]
  --base-url URL          measure this running deployment instead of starting the demo API and the app server
  --upstream-url URL      its Customer API (enables the direct and bare pass-through comparisons); needs --token
  --token T               bearer token for --upstream-url
  --only LIST             scenarios to run, comma-separated: proxy,browser,aggrid,csv,weight,lighthouse,warm,directory,store,
                          changes,scope,alerts,scale,team,statements,many-people
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
                          servers and PostgreSQL); scale: issue 42's targets for an organization of each --sizes on
                          each --stores, each on a fresh store (own demo API and servers): every fund in the
                          directory, capital outstanding and the Overview, the server's and PGlite's RSS, the first
                          start ÷ the upstream alone, a restart with an 8 s upstream, the directory's page, sorts and
                          keystrokes warm, the CSV of every investor's memory, the PGlite folder per position;
                          team: capital outstanding's first page with and without its follow-up column over 100,000
                          positions and 10,000 follow-ups (a fresh PGlite store), and a note saved, round trip, on a
                          warm server (own demo API and server); statements: one statement PDF, a fund's zip of
                          1,000 and of 10,000 PDFs with the server's RSS, and the embedded demo's first start with
                          and without its past (own demo API and servers); many-people: npm run load's people and flood runs from the bench (two instances, PostgreSQL,
                          Redis, round-robin proxy: 100 people × 2 connections, then 20 people without and with one
                          flooding a fund page with 200 connections). A subset keeps the other scenarios' rows of the
                          previous results, marked as carried over
  --runs N                measured runs per scenario (default 5)
  --warmup N              warm-up runs, not counted (default 1)
  --big-runs N            measured browser runs for the 50,000-investor fund (default 5)
  --cold-runs N           aggrid: our first visits, each on a freshly started app server; warm: fresh servers per
                          WARM_START mode (default 3)
  --directory-builds N    directory: measured builds, each on a freshly started app server after --warmup ones (default 3);
                          store: rounds of three builds (no store, PGlite, PostgreSQL)
  --lighthouse-runs N     Lighthouse runs per page (default 3)
  --lighthouse-preset P   desktop or mobile (default desktop)
  --sizes LIST            scale: organizations, comma-separated, of ${Object.keys(SCALE_SIZES).join(", ")} (2,000 funds × 50,
                          4,000 × 100, 10,000 × 100; default 100k)
  --big                   scale: add 1m to --sizes (kept from before --sizes)
  --stores LIST           scale: stores, comma-separated, of ${SCALE_STORES.join(", ")} (default both)
  --load-seconds N        many-people: seconds of each load run (default 30)
  --search-key K          the keystroke of the search scenario (default q)
  --cpu-prof              start the app server with --cpu-prof; profiles land in e2e/bench/logs/profiles`;

// csv first: its cold run wants a fresh heap; directory, store and changes last: they bring their own servers and load
// the machine most (warm brings its own too, but loads it little); many-people last, the heaviest.
export const SCENARIOS = [
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
  "team",
  "statements",
  "many-people",
];
// Scenarios that start their own servers: with only these, the shared demo API and app server are not started.
export const SELF_CONTAINED = [
  "directory",
  "warm",
  "changes",
  "scope",
  "alerts",
  "scale",
  "team",
  "statements",
  "many-people",
];

const counts = ["runs", "warmup", "big-runs", "cold-runs", "directory-builds", "lighthouse-runs", "load-seconds"];
const list = (text) => text.split(",").map((name) => name.trim().toLowerCase());

function fail(message) {
  console.error(`bench: ${message}\n\n${USAGE}`);
  process.exit(2);
}

/** The parsed options (values as parseArgs gives them), the scenarios to run, and scale's sizes and stores. */
export function benchArgs(argv = process.argv.slice(2)) {
  const { values: args } = parseArgs({
    args: argv,
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
      sizes: { type: "string", default: "100k" },
      stores: { type: "string", default: SCALE_STORES.join(",") },
      "load-seconds": { type: "string", default: "30" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (args.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const only = args.only ? args.only.split(",").map((name) => name.trim()) : SCENARIOS;
  const unknown = only.filter((name) => !SCENARIOS.includes(name));
  if (unknown.length > 0) fail(`bad arguments (unknown scenario ${unknown.join(", ")})`);
  const bad = counts.filter((name) => !(Number.parseInt(args[name], 10) >= 0));
  if (bad.length > 0 || !(Number.parseInt(args["load-seconds"], 10) > 0))
    fail(`bad arguments (--${bad[0] ?? "load-seconds"} takes a whole number)`);
  const sizes = [...new Set([...list(args.sizes), ...(args.big ? ["1m"] : [])])];
  const stores = [...new Set(list(args.stores))];
  if (sizes.some((size) => !(size in SCALE_SIZES))) fail(`--sizes takes ${Object.keys(SCALE_SIZES).join(", ")}`);
  if (stores.length === 0 || stores.some((kind) => !SCALE_STORES.includes(kind)))
    fail(`--stores takes ${SCALE_STORES.join(", ")}`);
  // Smallest first: a size that fails early says so before the long ones.
  sizes.sort((a, b) => Object.keys(SCALE_SIZES).indexOf(a) - Object.keys(SCALE_SIZES).indexOf(b));
  if (args["upstream-url"] && !args.token) fail("--upstream-url needs --token");
  return { args, only, sizes, stores };
}
