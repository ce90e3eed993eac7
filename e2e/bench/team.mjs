// Issue 45's targets for working as a team:
// - capital outstanding with the follow-up column, 100,000 positions and 10,000 follow-ups: the first page sorted by
//   the next due date ≤ 1.2× the same without the column (the first page sorted by the fund's due date), and the
//   default first page with the column ≤ 1.2× without it (team-probe.ts, on a fresh embedded store);
// - saving a note, round trip, warm ≤ 50 ms: POST /api/notes on an app server whose fund list is held, a plain note
//   and one with a follow-up (own demo API and app server).
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { proxyHeaders } from "./auth.mjs";
import { result, round, summarize } from "./measure.mjs";
import { logDir, randomToken, startApp, startDemoApi, stopGroup } from "./servers.mjs";

const run = promisify(execFile);
const SCENARIO = "team";
const RATIO = { op: "<=", value: 1.2 };
const headers = {
  ...proxyHeaders,
  "x-forwarded-email": "team@bench.test",
  "x-forwarded-groups": "bench-ops",
  "sec-fetch-site": "same-origin",
  "content-type": "application/json",
};

/** The store's figures, from their own process (team-probe.ts). */
async function storeFigures(runs, warmup) {
  const env = { ...process.env, TEAM_RUNS: String(runs), TEAM_WARMUP: String(warmup) };
  const args = ["tsx", "--conditions=react-server", "e2e/bench/team-probe.ts"];
  const { stdout } = await run("npx", args, { env, maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout.trim().split("\n").at(-1));
}

/** Each run's ratio of two cases' times (they took turns, run by run). */
const ratios = (times, over, under) => times[over].map((ms, at) => round(ms / times[under][at], 3));

async function post(app, path, body) {
  const started = performance.now();
  const response = await fetch(`${app.url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${text.slice(0, 200)}`);
  return performance.now() - started;
}

/** Notes saved on a warm server: its fund's list held, the person known, each note a POST round trip. */
async function noteRoundTrips({ dir, runs, warmup, log }) {
  const token = randomToken();
  const api = await startDemoApi({ token, funds: 20, perFund: 200, name: "demo-api-team" });
  const rules = join(logDir, "team-access-rules.json");
  writeFileSync(rules, JSON.stringify([{ group: "bench-ops", role: "ops", scopes: ["*"] }]));
  let app = null;
  try {
    app = await startApp({
      dir,
      upstreamUrl: api.url,
      token,
      name: "app-server-team",
      readyHeaders: headers,
      env: { ACCESS_RULES_FILE: rules, DASHBOARD_PROXY_GROUPS_HEADER: "X-Forwarded-Groups", WARM_START: "0" },
    });
    const funds = await (await fetch(`${app.url}/api/funds`, { headers })).json();
    const fundId = funds[0].id;
    const rows = await (await fetch(`${app.url}/api/funds/${fundId}/investor-rows?limit=10`, { headers })).json();
    const investorId = rows.rows[0].id;
    // Reading the fund's notes notes the person: they may then be assigned a follow-up.
    await (await fetch(`${app.url}/api/notes?fundId=${fundId}`, { headers })).text();
    const text = "Called the investor: a wire is promised by Friday, see https://mail.example.com/t/42. ".repeat(3);
    const followUp = { assignee: "team@bench.test", due: new Date().toISOString().slice(0, 10), state: "open" };
    const times = { plain: [], followUp: [] };
    // At most 60 writes a minute per person: well within, warm-up included.
    for (let at = -warmup; at < runs; at += 1) {
      const plain = await post(app, "/api/notes", { fundId, investorId, text });
      const assigned = await post(app, "/api/notes", { fundId, investorId, text, followUp });
      if (at < 0) continue;
      times.plain.push(round(plain));
      times.followUp.push(round(assigned));
    }
    log(
      `  note saved: plain ${round(summarize(times.plain).median)} ms, with a follow-up ${round(summarize(times.followUp).median)} ms`,
    );
    return times;
  } finally {
    if (app) await stopGroup(app.groupPid);
    await stopGroup(api.pid);
  }
}

export async function teamScale({ dir, runs, warmup, log }) {
  log("team: 100,000 positions owing and 10,000 follow-ups in a fresh embedded store");
  const store = await storeFigures(Math.max(runs, 5), Math.max(warmup, 1));
  const { times } = store;
  const median = (name) => summarize(times[name]).median;
  log(
    `  first page: default ${median("defaultWith")} ms with the column, ${median("defaultWithout")} ms without; ` +
      `by next due ${median("byNextDue")} ms, by the fund's due date without the column ${median("byFundDueWithout")} ms`,
  );
  const extra = { positions: store.positions, followUps: store.followUps, seedMs: store.seedMs, times };
  const notes = await noteRoundTrips({ dir, runs: Math.max(runs, 10), warmup: Math.max(warmup, 2), log });
  const row = (id, name, unit, runs_, target = null, more = {}) =>
    result({ id: `team.${id}`, scenario: SCENARIO, name, unit, runs: runs_, target, extra: more });
  return [
    row(
      "outstanding.byNextDue.ratio",
      "capital outstanding, 100,000 positions and 10,000 follow-ups: first page sorted by next due date ÷ the same " +
        "without the column (sorted by the fund's due date)",
      "×",
      ratios(times, "byNextDue", "byFundDueWithout"),
      RATIO,
      extra,
    ),
    row(
      "outstanding.default.ratio",
      "capital outstanding, the same store: default first page with the follow-up column ÷ without it",
      "×",
      ratios(times, "defaultWith", "defaultWithout"),
      RATIO,
    ),
    row("outstanding.byNextDue", "first page sorted by next due date (store query)", "ms", times.byNextDue),
    row(
      "outstanding.byFundDue",
      "first page sorted by the fund's due date, no follow-up column",
      "ms",
      times.byFundDueWithout,
    ),
    row("outstanding.default", "default first page with the follow-up column", "ms", times.defaultWith),
    row("outstanding.defaultWithout", "default first page without the follow-up column", "ms", times.defaultWithout),
    row("outstanding.noFollowUpYet", "first page of the positions with no follow-up yet", "ms", times.noFollowUpYet),
    row("note.save", "saving a note, round trip, warm (POST /api/notes)", "ms", notes.plain, { op: "<=", value: 50 }),
    row(
      "note.saveWithFollowUp",
      "saving a note with a follow-up, round trip, warm (its assignee checked)",
      "ms",
      notes.followUp,
      { op: "<=", value: 50 },
    ),
  ];
}
