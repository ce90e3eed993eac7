// Issue 28, "with a scope applied ≤ 1.1× the same without one": the directory's build, a fund's first rows on a fresh
// process and the header's search, each as an admin of everything and as one scoped to one organization, on the
// same data (own demo API: a 10,000-investor fund and 400 funds of 50, 20 ms latency; own app servers).
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { proxyHeaders } from "./auth.mjs";
import { getJson, result, round, sleep, summarize, timedGet } from "./measure.mjs";
import { logDir, randomToken, startApp, startDemoApi, stopGroup } from "./servers.mjs";

const SCENARIO = "scope";
const TARGET = { op: "<=", value: 1.1 };
const UPSTREAM = { funds: 401, perFund: 50, fundSizes: [10_000], latency: 20 };
const GROUPS_HEADER = "X-Forwarded-Groups";
const people = {
  everything: {
    ...proxyHeaders,
    "x-forwarded-email": "everything@fund-explorer.test",
    "x-forwarded-groups": "bench-everything",
  },
  scoped: { ...proxyHeaders, "x-forwarded-email": "scoped@fund-explorer.test", "x-forwarded-groups": "bench-scoped" },
};
const letters = ["an", "ma", "ro", "el", "st", "li", "ch", "er"];

/** From the first directory request on a fresh server until an answer says complete, asked every 100 ms. */
async function directoryBuild(app, headers) {
  const started = performance.now();
  for (;;) {
    const page = await getJson(`${app.url}/api/investors?offset=0&limit=100`, headers);
    if (page.complete) return performance.now() - started;
    if (performance.now() - started > 600_000) throw new Error("the directory was not complete within 10 minutes");
    await sleep(100);
  }
}

/** A fund's first 100 rows on a fresh server, as the table asks for them. */
async function firstRows(app, headers, fundId) {
  const res = await timedGet(`${app.url}/api/funds/${fundId}/investor-rows?offset=0&limit=100`, { headers });
  if (res.status !== 200) throw new Error(`first rows answered ${res.status}`);
  return res.ms;
}

/** The median of the header's search over a few two-letter terms, on a server whose directory is complete. */
async function search(app, headers) {
  const times = [];
  for (const term of letters) {
    const res = await timedGet(`${app.url}/api/search?q=${term}`, { headers });
    if (res.status !== 200) throw new Error(`search answered ${res.status}`);
    times.push(res.ms);
  }
  return summarize(times).median;
}

export async function scopeCost({ dir, runs, warmup, log }) {
  const token = randomToken();
  log(`scope: demo API of ${UPSTREAM.funds} funds (one of 10,000 investors), ${UPSTREAM.latency} ms latency`);
  const api = await startDemoApi({ token, ...UPSTREAM, name: "demo-api-scope" });
  const funds = await (
    await fetch(`${api.url}/customerapi/funds`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const big = funds.find((fund) => fund.investor_count === 10_000);
  const organization = big.organization_name;
  const inScope = funds.filter((fund) => fund.organization_name === organization).length;
  log(`scope: the scoped person sees ${organization}, ${inScope} of ${funds.length} funds`);
  const rules = join(logDir, "scope-access-rules.json");
  writeFileSync(
    rules,
    JSON.stringify([
      { group: "bench-everything", role: "admin", scopes: ["*"] },
      { group: "bench-scoped", role: "admin", scopes: [organization] },
    ]),
  );
  const appOptions = {
    dir,
    upstreamUrl: api.url,
    token,
    name: "app-server-scope",
    readyHeaders: people.everything,
    env: {
      ACCESS_RULES_FILE: rules,
      DASHBOARD_PROXY_GROUPS_HEADER: GROUPS_HEADER,
      DIRECTORY_MATCH_SECRET: randomBytes(32).toString("hex"),
      WARM_START: "0",
    },
  };
  const measured = { build: { everything: [], scoped: [] }, rows: { everything: [], scoped: [] } };
  const searches = { everything: [], scoped: [] };
  try {
    for (let round_ = -warmup; round_ < runs; round_ += 1) {
      // Alternating who goes first, so neither always meets the machine's state the other left.
      const order = round_ % 2 === 0 ? ["everything", "scoped"] : ["scoped", "everything"];
      for (const who of order) {
        let app = await startApp(appOptions);
        await sleep(1_000);
        const rows = await firstRows(app, people[who], big.id);
        await stopGroup(app.groupPid);
        app = await startApp(appOptions);
        await sleep(1_000);
        const build = await directoryBuild(app, people[who]);
        const searched = await search(app, people[who]);
        await stopGroup(app.groupPid);
        log(
          `  ${who}: first rows ${round(rows)} ms, directory ${round(build / 1000, 2)} s, search ${round(searched)} ms`,
        );
        if (round_ < 0) continue;
        measured.rows[who].push(rows);
        measured.build[who].push(build);
        searches[who].push(searched);
      }
    }
  } finally {
    await stopGroup(api.pid);
  }
  const ratio = (figures) => figures.scoped.map((value, at) => value / figures.everything[at]);
  const row = (id, name, figures) =>
    result({
      id,
      scenario: SCENARIO,
      name,
      unit: "×",
      runs: ratio(figures).map((value) => round(value, 2)),
      target: TARGET,
      extra: {
        everythingMs: figures.everything.map((ms) => round(ms)),
        scopedMs: figures.scoped.map((ms) => round(ms)),
      },
      note: `scoped ÷ everything, same run; ${inScope} of ${funds.length} funds in scope`,
    });
  return [
    row("scope-directory-build", "directory build with a scope ÷ without", measured.build),
    row("scope-first-rows", "a fund's first rows on a fresh process, with a scope ÷ without", measured.rows),
    row("scope-search", "header search (median of 8 terms), with a scope ÷ without", searches),
  ];
}
