// Scenario 10 (issue 22, what changed): a store holding 40 days of kept reads of a 50,000-investor fund and 2,000
// funds of 50 (changes-seed.ts), a server that has read every fund live on top of them, then the fund's changes since
// 30d, the organization's changes and /changes in the browser, against the targets.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { pageVisits } from "./changes-page.mjs";
import { getJson } from "./directory-build.mjs";
import { result, round, sleep, timedGet } from "./measure.mjs";
import { logDir, randomToken, startApp, startDemoApi, stopGroup } from "./servers.mjs";
import { freshStore, storeOpened, writesSettled } from "./store-kinds.mjs";

const run = promisify(execFile);
const SCENARIO = "10 changes";
export const CHANGES_UPSTREAM = { large: 50_000, funds: 2_000, perFund: 50 };
const TARGETS = { fundMs: 200, organizationMs: 500 };
const APP = "app-changes";

/** The kept history, written by changes-seed.ts into the store before any server opens it. */
async function seed({ store, api, token, secret }) {
  const env = { ...process.env, DATABASE_URL: "", DATABASE_DIR: "", ...store.env, DIRECTORY_MATCH_SECRET: secret };
  Object.assign(env, { SEED_UPSTREAM_URL: api.url, SEED_TOKEN: token });
  const args = ["tsx", "--conditions=react-server", "e2e/bench/changes-seed.ts"];
  const { stdout, stderr } = await run("npx", args, { env, maxBuffer: 64 * 1024 * 1024 });
  writeFileSync(join(logDir, "changes-seed.log"), `${stdout}\n${stderr}`);
  return JSON.parse(stdout.trim().split("\n").at(-1));
}

/** The server's own durationMs of the last request line of `route` in its log (request start → response made). */
function serverMs(route) {
  const lines = readFileSync(join(logDir, `${APP}.log`), "utf8")
    .trimEnd()
    .split("\n")
    .reverse();
  for (const line of lines) {
    if (!line.includes('"request"') || !line.includes(`"${route}"`)) continue;
    return JSON.parse(line).durationMs ?? null;
  }
  return null;
}

/** The route's request before this (its first on the process), then another, warm-up and measured repeats. */
async function timedRoute(url, route, { runs, warmup }) {
  const cold = serverMs(route);
  const once = async () => {
    const res = await timedGet(url, { headers: { accept: "application/json", "accept-encoding": "identity" } });
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
    return { ms: round(res.ms), serverMs: serverMs(route), bytes: res.bytes };
  };
  const first = await once();
  const all = [];
  for (let i = 0; i < warmup + runs; i += 1) all.push(await once());
  return { cold, first, warmup: all.slice(0, warmup), runs: all.slice(warmup) };
}

/** Rows of one timed route: server time (the target's), client time, and the first request apart. */
function routeRows(id, what, timed, target, extra) {
  const row = (suffix, name, values, more = {}) =>
    result({
      id: `changes.${id}${suffix}`,
      scenario: SCENARIO,
      name: `${what}: ${name}`,
      unit: "ms",
      ...values,
      ...more,
    });
  const serverOf = (list) => list.map((one) => one.serverMs);
  return [
    row(
      "",
      "server time (its request line's durationMs), repeated requests",
      {
        runs: serverOf(timed.runs),
        warmup: serverOf(timed.warmup),
      },
      { target: target === null ? null : { op: "<=", value: target }, extra: { ...extra, bytes: timed.first.bytes } },
    ),
    row(".client", "request start → last byte at the client, repeated requests", {
      runs: timed.runs.map((one) => one.ms),
    }),
    row(
      ".first",
      "server time of the first request on the process (route's code loaded then, no pair of reads compared yet)",
      { runs: [timed.cold] },
    ),
    row(".second", "server time of the second request (its pairs of reads compared and held)", {
      runs: [timed.first.serverMs],
    }),
  ];
}

/** Waits for every fund to be read live (the directory complete) and for the store to have kept those reads. */
async function readEverything(app, store) {
  for (let page = null; !page?.complete; await sleep(1_000))
    page = (await getJson(`${app.url}/api/investors?offset=0&limit=1`)).body;
  return writesSettled(store, app);
}

export async function changesScale({ dir, runs, warmup, profileDir, log }) {
  const { large, funds, perFund } = CHANGES_UPSTREAM;
  const token = randomToken();
  const secret = randomBytes(32).toString("hex");
  log(`changes: demo API of a ${large.toLocaleString("en-US")}-investor fund + ${funds} funds × ${perFund}`);
  const api = await startDemoApi({ token, fundSizes: [large], funds: funds + 1, perFund, name: "demo-api-changes" });
  const store = await freshStore("pglite");
  const results = [];
  let app = null;
  try {
    const seeded = await seed({ store, api, token, secret });
    log(`  kept history written: ${seeded.newLists} lists (${seeded.positions} positions) in ${seeded.ms} ms`);
    const env = { ...store.env, DIRECTORY_MATCH_SECRET: secret, DIRECTORY_CONCURRENCY: "6" };
    app = await startApp({ dir, upstreamUrl: api.url, token, profileDir, env, name: APP });
    const settledMs = await readEverything(app, store);
    storeOpened(store, APP);
    log(`  every fund read live and kept (writes settled ${settledMs} ms after the directory completed)`);
    const fundUrl = `${app.url}/api/funds/${seeded.largest.id}/changes?since=30d`;
    const fund = await getJson(fundUrl);
    if (Date.now() - Date.parse(fund.body.after.readAt) > 3_600_000)
      throw new Error("the large fund was not read live");
    const fundTimed = await timedRoute(fundUrl, "GET /api/funds/[fundId]/changes", { runs, warmup });
    const fundExtra = { investors: fund.body.investors.length, counts: fund.body.counts, seeded };
    results.push(
      ...routeRows(
        "fund",
        `a ${large.toLocaleString("en-US")}-investor fund's changes since 30d (GET /api/funds/{id}/changes)`,
        fundTimed,
        TARGETS.fundMs,
        fundExtra,
      ),
    );
    log(
      `  fund since 30d: ${fund.body.investors.length} investors changed, server ${results.at(-4).median} ms (first ${results.at(-2).median} ms)`,
    );
    for (const since of ["30d", "7d"]) {
      const url = `${app.url}/api/changes?since=${since}`;
      const org = (await getJson(url)).body;
      // The first page's investors; `lines` is the whole view's (every investor changed, a fund with none as one).
      const investors = org.days.reduce((sum, day) => sum + day.funds.reduce((n, f) => n + f.investors.length, 0), 0);
      const timed = await timedRoute(url, "GET /api/changes", { runs, warmup });
      const what = `the organization's changes since ${since}, ${org.compared.toLocaleString("en-US")} funds compared, first page (GET /api/changes)`;
      const extra = { investors, page: org.page, counts: org.counts, withoutHistory: org.withoutHistory.length };
      const target = since === "30d" ? TARGETS.organizationMs : null;
      results.push(...routeRows(`organization.${since}`, what, timed, target, extra));
      log(
        `  organization since ${since}: ${org.page.lines} lines in ${org.page.pages} pages, server ${results.at(-4).median} ms (first ${results.at(-2).median} ms)`,
      );
    }
    results.push(...(await pageVisits({ app, runs, warmup, log })));
  } finally {
    if (app) await stopGroup(app.groupPid);
    await stopGroup(api.pid);
    store.stop();
  }
  return results;
}
