// Scenario 8 (issue 21, the store): what keeping every read costs and brings. The directory's 2,000 funds and
// 100,000 positions on their own demo API (50 ms latency, as the directory scenario) built with no store, with PGlite
// and with PostgreSQL; a small fund's table while the first build is written; the same organization read again; a
// fresh process starting from the kept reads; first rows of large funds from a store beside AG Grid; and two
// instances sharing one PostgreSQL.
import { randomBytes } from "node:crypto";
import { DIRECTORY_CONCURRENCY, DIRECTORY_UPSTREAM } from "./directory.mjs";
import { result, round } from "./measure.mjs";
import { randomToken, startDemoApi, stopGroup } from "./servers.mjs";
import { twoInstances } from "./store-instances.mjs";
import { keptFirstRows } from "./store-kept.mjs";
import { STORE_KINDS } from "./store-kinds.mjs";
import { buildOn, writeAndRead } from "./store-write.mjs";

const SCENARIO = "8 store";
const TARGETS = { pglite: 1.3, postgres: 1.2, againMb: 1, p99Ratio: 2, freshMs: 3_000 };
const NAMES = { none: "no store (unavailable)", pglite: "PGlite", postgres: "PostgreSQL" };
const row = (id, name, unit, values, extra = {}) =>
  result({ id: `store.${id}`, scenario: SCENARIO, name, unit, ...values, ...extra });
const mbOf = (bytes) => round(bytes / 2 ** 20, 3);

export async function storeScale({ dir, shared, runs, warmup, bigRuns, coldRuns, builds, profileDir, log }) {
  const { funds, perFund, latencyMs } = DIRECTORY_UPSTREAM;
  const token = randomToken();
  log(`store: demo API of ${funds} funds × ${perFund} investors, ${latencyMs} ms latency`);
  const api = await startDemoApi({ token, funds, perFund, latency: latencyMs, admin: true, name: "demo-api-store" });
  const env = {
    DIRECTORY_CONCURRENCY: String(DIRECTORY_CONCURRENCY),
    DIRECTORY_MATCH_SECRET: randomBytes(32).toString("hex"),
  };
  const appOptions = { dir, upstreamUrl: api.url, token, profileDir, env };
  const results = [];
  try {
    // 1. Builds on a fresh server and a fresh, empty store of each kind, interleaved per round.
    const rounds = [];
    for (let i = 0; i < builds; i += 1) {
      const round_ = {};
      for (const kind of STORE_KINDS) round_[kind] = await buildOn(kind, { appOptions, api, round: i + 1, log });
      rounds.push(round_);
      log(
        `  round ${i + 1}: ${STORE_KINDS.map((kind) => `${kind} ${round_[kind].ms} ms (+${round_[kind].settledMs} ms writing)`).join(", ")}`,
      );
    }
    const scale = `${funds.toLocaleString("en-US")} funds, ${(funds * perFund).toLocaleString("en-US")} positions`;
    for (const kind of STORE_KINDS)
      results.push(
        row(
          `build.${kind}`,
          `directory of ${scale}, first GET /api/investors on a fresh server → complete: true, ${NAMES[kind]}`,
          "ms",
          { runs: rounds.map((r) => r[kind].ms) },
          { extra: { rounds: rounds.map((r) => r[kind]) } },
        ),
        row(`settled.${kind}`, `… then until the store's writes settled, ${NAMES[kind]}`, "ms", {
          runs: rounds.map((r) => r[kind].settledMs),
        }),
        row(
          `outages.${kind}`,
          `… times the store went unavailable meanwhile (store_unavailable), ${NAMES[kind]}`,
          "×",
          {
            runs: rounds.map((r) => r[kind].outages.unavailable),
          },
          { extra: { reasons: rounds.map((r) => r[kind].outages.reasons) } },
        ),
      );
    for (const kind of ["pglite", "postgres"])
      results.push(
        row(
          `buildRatio.${kind}`,
          `directory build with ${NAMES[kind]} ÷ the same build with no store, per round`,
          "×",
          { runs: rounds.map((r) => round(r[kind].ms / r.none.ms, 3)) },
          { target: { op: "<=", value: TARGETS[kind] } },
        ),
      );

    // 2–4. On one store of each kind: the table while written, the organization read again, fresh starts.
    const directoryFunds = await fetch(`${api.url}/customerapi/funds`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((res) => res.json());
    const smallFundId = directoryFunds[0].id;
    for (const kind of STORE_KINDS) {
      const done = await writeAndRead(kind, { appOptions, api, token, smallFundId, freshStarts: runs, log });
      const what = `${NAMES[kind]}: a ${perFund}-investor fund's first table page (one client, back to back)`;
      results.push(
        row(`p99Idle.${kind}`, `${what}, p99 idle`, "ms", { runs: [done.idle.p99] }, { extra: { idle: done.idle } }),
        row(
          `p99During.${kind}`,
          `${what}, p99 during the first build and until its ${(funds * perFund).toLocaleString("en-US")} positions are written`,
          "ms",
          { runs: [done.during.p99] },
          { extra: { during: done.during, build: done.build, settledMs: done.settledMs, outages: done.outages } },
        ),
        row(
          `p99Ratio.${kind}`,
          `${what}, p99 during ÷ p99 idle`,
          "×",
          { runs: [round(done.during.p99 / done.idle.p99, 3)] },
          { target: kind === "none" ? null : { op: "<=", value: TARGETS.p99Ratio } },
        ),
      );
      if (kind === "none") continue;
      results.push(
        row(`bytes.${kind}`, `${NAMES[kind]}: store size after the first build (pg_database_size)`, "MB", {
          runs: [mbOf(done.before.bytes)],
        }),
        row(
          `bytesAgain.${kind}`,
          `${NAMES[kind]}: added by reading the unchanged organization again (npm run snapshot)`,
          "MB",
          { runs: [mbOf(done.after.bytes - done.before.bytes)] },
          {
            target: { op: "<=", value: TARGETS.againMb },
            extra: { before: done.before, after: done.after, snapshot: done.snapshot },
            note: done.snapshot.code
              ? `npm run snapshot exited ${done.snapshot.code}: ${done.snapshot.stderr}`
              : undefined,
          },
        ),
        row(
          `freshComplete.${kind}`,
          `${NAMES[kind]}: fresh process with the kept reads, spawn → GET /api/investors complete: true`,
          "ms",
          { runs: done.starts.map((start) => start.completeMs) },
          { target: { op: "<=", value: TARGETS.freshMs }, extra: { starts: done.starts } },
        ),
        row(`warmed.${kind}`, `${NAMES[kind]}: … of which store_warmed (kept reads loaded and served)`, "ms", {
          runs: done.starts.map((start) => start.warmedMs),
        }),
      );
    }
  } finally {
    await stopGroup(api.pid);
  }

  // 5. First rows of the large funds from a store, on the shared demo API, beside AG Grid.
  const failed = (id, what) => (error) => {
    log(`  ${what} could not be measured: ${error.message}`);
    return [row(id, what, "ms", { runs: [null] }, { note: `not measured: ${error.message}` })];
  };
  if (shared) {
    const { api: sharedApi, token: sharedToken, funds: large } = shared;
    const options = { dir, upstreamUrl: sharedApi.url, token: sharedToken, profileDir, env: {} };
    results.push(
      ...(await keptFirstRows({
        api: sharedApi,
        token: sharedToken,
        funds: large,
        appOptions: options,
        runs,
        warmup,
        bigRuns,
        coldRuns,
        log,
      }).catch(failed("firstRowsKept", "first rows from a store beside AG Grid"))),
    );
  }
  // 6. Two instances on one PostgreSQL.
  results.push(
    ...(await twoInstances({ funds, perFund, latencyMs, log }).catch(
      failed("instances.listReads", "two instances on one PostgreSQL"),
    )),
  );
  return results;
}
