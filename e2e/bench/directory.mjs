// Scenario 7 (issue 15, "Scale"): the organization-wide investor directory over 2,000 funds and 100,000 positions:
// how long it takes to build against what the upstream alone needs, its views' server time, the header search in
// the browser, and the server's memory. It runs on its own demo API (50 ms latency) and its own app servers.
import { randomBytes } from "node:crypto";
import { foreignCpuMeter } from "./contention.mjs";
import { proxyHeaders } from "./auth.mjs";
import { launchBrowser } from "./browser-session.mjs";
import { buildOnce, getJson, PAGE_POLL_MS } from "./directory-build.mjs";
import {
  globalSearchApi,
  LETTERS,
  moneyColumns,
  searchContext,
  searchTerms,
  searchWords,
  viewTimes,
} from "./directory-views.mjs";
import { mb, result, round, rssBytes, sleep, summarize } from "./measure.mjs";
import { randomToken, startApp, startDemoApi, stopGroup } from "./servers.mjs";
import { answers } from "./stack.mjs";
import { upstreamBaseline } from "./upstream-baseline.mjs";

/** The upstream of issue 15: 2,000 funds of 50 investors (100,000 positions), 50 ms before every answer. */
export const DIRECTORY_UPSTREAM = { funds: 2000, perFund: 50, latencyMs: 50 };
/** Funds read at once, by the server (DIRECTORY_CONCURRENCY, its default) and by the baseline alike. */
export const DIRECTORY_CONCURRENCY = 6;
const TARGETS = { buildRatio: 1.3, viewMs: 50, keystrokeMs: 100, rssMb: 1024 };
const SCENARIO = "7 directory";

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** A line per build for the bench's log. */
function describe(build, baseline) {
  return (
    `${build.watched ? "watched" : "unwatched"} build ${seconds(build.ms)} (${(build.ms / baseline.ms).toFixed(2)}×), ` +
    `${build.investors} investors, RSS ${build.rssMb} MB (peak ${build.peakRssMb} MB), app CPU ${build.appCpuSeconds} s, ` +
    `${build.polls.count} requests (slowest ${build.polls.max} ms), other processes ${build.foreignCpuShare}% of the CPU`
  );
}

export async function directoryScale({ dir, runs, warmup, builds, profileDir, incidents = [], log }) {
  const { funds, perFund, latencyMs } = DIRECTORY_UPSTREAM;
  const token = randomToken();
  log(`directory: demo API of ${funds} funds × ${perFund} investors, ${latencyMs} ms latency (prewarmed)`);
  const apiOptions = { token, funds, perFund, latency: latencyMs, admin: true, name: "demo-api-directory" };
  let api = await startDemoApi(apiOptions);
  const appOptions = {
    dir,
    upstreamUrl: api.url,
    token,
    profileDir,
    name: "app-server-directory",
    env: {
      DIRECTORY_CONCURRENCY: String(DIRECTORY_CONCURRENCY),
      DIRECTORY_MATCH_SECRET: randomBytes(32).toString("hex"),
    },
  };
  const baseline = () => upstreamBaseline({ url: api.url, token, concurrency: DIRECTORY_CONCURRENCY });
  let app = null;
  const freshApp = async () => {
    if (app) await stopGroup(app.groupPid);
    app = await startApp(appOptions);
    await sleep(1_000); // its start-up work done before anything is timed
    return app;
  };
  // On this shared machine something may stop a server mid-run (see stack.mjs): a step after which a server no
  // longer answers is logged as an incident and done again (at most twice), the demo API back on its old port and,
  // for steps that need one, a fresh app server with a complete directory.
  const stopped = async (what) => {
    const found = [];
    if (!(await answers(`${api.url}/customerapi/funds`, { authorization: `Bearer ${token}` }))) {
      await stopGroup(api.pid);
      api = await startDemoApi({ ...apiOptions, port: Number(new URL(api.url).port) });
      found.push("demo API");
    }
    if (app && !(await answers(`${app.url}/api/funds`, proxyHeaders))) found.push("app server");
    for (const name of found) {
      incidents.push(`the directory's ${name} stopped answering during ${what}; the step was done again`);
      log(`  ${incidents.at(-1)}`);
    }
    return found.length > 0;
  };
  const step = async (what, fn, { needsComplete = false } = {}) => {
    for (let attempt = 1; ; attempt += 1) {
      let outcome;
      try {
        outcome = { value: await fn() };
      } catch (error) {
        outcome = { error };
      }
      if (attempt >= 3 || !(await stopped(what))) {
        if (outcome.error) throw outcome.error;
        return outcome.value;
      }
      if (needsComplete) {
        await freshApp();
        await buildOnce({ app, api, watched: false, log });
      }
    }
  };
  let browser = null;
  try {
    // Warm-up: the upstream alone (the app servers are fresh in every round anyway).
    const warmBaselines = [];
    for (let i = 0; i < warmup; i += 1) {
      warmBaselines.push((await step("a warm-up of the upstream alone", baseline)).ms);
      log(`  warm-up: upstream alone ${seconds(warmBaselines.at(-1))}`);
    }
    // Rounds: the upstream alone, then a watched build and an unwatched one, each on a freshly started app server.
    const rounds = [];
    for (let i = 0; i < builds; i += 1) {
      const done = await step(`build round ${i + 1}`, async () => {
        await freshApp();
        const foreignCpu = foreignCpuMeter();
        const upstream = { ...(await baseline()), foreignCpuShare: foreignCpu() };
        const watched = await buildOnce({ app, api, watched: true, log });
        await freshApp();
        const unwatched = await buildOnce({ app, api, watched: false, log });
        return { baseline: { ...upstream, ms: round(upstream.ms) }, watched, unwatched };
      });
      rounds.push(done);
      log(
        `  round ${i + 1}: upstream alone ${seconds(done.baseline.ms)}, other processes ${done.baseline.foreignCpuShare}% of the CPU`,
      );
      log(`    ${describe(done.watched, done.baseline)}`);
      log(`    ${describe(done.unwatched, done.baseline)}`);
    }
    const each = (pick) => ({ runs: rounds.map(pick) });

    // Views of the complete directory, on the server of the last unwatched build (or a first one, with no rounds).
    if (!app) {
      await freshApp();
      await buildOnce({ app, api, watched: false, log });
    }
    const complete = { needsComplete: true };
    const { body: firstPage } = await step("the views", () => getJson(`${app.url}/api/investors?limit=500`), complete);
    const sorts = moneyColumns(firstPage).flatMap((id) =>
      ["asc", "desc"].map((direction) => [`${id}.${direction}`, { sort: `${id}.${direction}` }]),
    );
    const terms = searchTerms(firstPage.rows);
    const [sortTimes, searchTimes] = await step(
      "the views",
      async () => [
        await viewTimes(app.url, sorts, runs),
        await viewTimes(
          app.url,
          terms.map((q) => [q, { q }]),
          runs,
        ),
      ],
      complete,
    );
    const median = (values) => round(summarize(values).median);
    log(
      `  views: sort first ${median(sortTimes.first)} ms, again ${median(sortTimes.again)} ms; ` +
        `search first ${median(searchTimes.first)} ms, again ${median(searchTimes.again)} ms`,
    );

    const words = await step("the header search", () => searchWords(app.url, firstPage.rows, warmup + runs), complete);
    if (words.length < warmup + runs) log(`  warning: only ${words.length} usable header-search words`);
    const searchApi = await step(
      "the header search",
      () => globalSearchApi(app.url, words.slice(warmup), runs),
      complete,
    );
    browser = await launchBrowser();
    const contexts = [];
    for (const word of words)
      contexts.push(
        await step(`the header search of "${word}"`, () => searchContext(browser, app.url, word, log), complete),
      );
    const measured = contexts.slice(warmup);
    const keystrokes = (which) => measured.flatMap((context) => context.keystrokes.filter((_, index) => which(index)));
    const rssEnd = round(mb(rssBytes(app.serverPid)));

    const scale = `${funds.toLocaleString("en-US")} funds, ${(funds * perFund).toLocaleString("en-US")} positions`;
    const row = (id, name, unit, values, extra = {}) =>
      result({ id: `directory.${id}`, scenario: SCENARIO, name, unit, ...values, ...extra });
    // Per build, watched and unwatched: [id, name, unit, value, target (held against the watched build only)].
    const perBuild = [
      ["", "first GET /api/investors on a fresh server → complete: true", "ms", (b) => b.ms],
      ["Ratio", "÷ upstream alone, per round", "×", (b, r) => round(b.ms / r.baseline.ms, 3), TARGETS.buildRatio],
      ["Cpu", "app server CPU time (user + system)", "s", (b) => b.appCpuSeconds],
      ["ApiCpu", "demo API CPU time", "s", (b) => b.apiCpuSeconds],
      ["Foreign", "CPU used by other processes on the machine, share of all cores", "%", (b) => b.foreignCpuShare],
      ["SlowestAnswer", "slowest answer to GET /api/investors meanwhile", "ms", (b) => b.polls.max],
      ["Rss", "app server RSS when complete", "MB", (b) => b.rssMb, TARGETS.rssMb],
      ["PeakRss", "app server peak RSS (sampled every 100 ms)", "MB", (b) => b.peakRssMb, TARGETS.rssMb],
    ];
    const kinds = [
      ["build", "watched", `directory, watched (the page's first 100 rows every ${PAGE_POLL_MS / 1000} s)`],
      ["buildUnwatched", "unwatched", "directory, unwatched (asked again once the upstream sent every list)"],
    ];
    const buildRows = kinds.flatMap(([prefix, kind, label]) =>
      perBuild.map(([id, name, unit, value, target]) =>
        row(
          `${prefix}${id}`,
          `${label}: ${name}`,
          unit,
          each((r) => value(r[kind], r)),
          {
            target: kind === "watched" && target ? { op: "<=", value: target } : null,
            extra: id === "" ? { rounds: rounds.map((r) => r[kind]) } : {},
          },
        ),
      ),
    );
    return [
      row(
        "baseline",
        `upstream alone: fund list + every investor list (${scale}), ${latencyMs} ms latency, ${DIRECTORY_CONCURRENCY} lists at a time`,
        "ms",
        { ...each((r) => r.baseline.ms), warmup: warmBaselines.map((ms) => round(ms)) },
        { extra: { rounds: rounds.map((r) => r.baseline) } },
      ),
      row(
        "baselineForeign",
        "upstream alone: CPU used by other processes on the machine, share of all cores",
        "%",
        each((r) => r.baseline.foreignCpuShare),
      ),
      ...buildRows,
      row("rssEnd", "app server RSS after the views and the browser runs below (unwatched build's server)", "MB", {
        runs: [rssEnd],
      }),
      row(
        "sortFirst",
        `GET /api/investors sorted by a money column, first request of the view (${sorts.length} views: 5 columns × asc/desc)`,
        "ms",
        { runs: sortTimes.first },
        { target: { op: "<=", value: TARGETS.viewMs }, extra: { perView: sortTimes.perView } },
      ),
      row(
        "sortAgain",
        `same sorted views, repeated (${runs} each)`,
        "ms",
        { runs: sortTimes.again },
        {
          target: { op: "<=", value: TARGETS.viewMs },
        },
      ),
      row(
        "searchFirst",
        `GET /api/investors?q=, first request of the view (${terms.map((term) => `"${term}"`).join(", ")})`,
        "ms",
        { runs: searchTimes.first },
        { target: { op: "<=", value: TARGETS.viewMs }, extra: { perView: searchTimes.perView } },
      ),
      row(
        "searchAgain",
        `same searches, repeated (${runs} each)`,
        "ms",
        { runs: searchTimes.again },
        {
          target: { op: "<=", value: TARGETS.viewMs },
        },
      ),
      row(
        "globalApi1",
        `GET /api/search (header search), one letter (${words
          .slice(warmup)
          .map((word) => `"${word[0]}"`)
          .join(", ")}; ${runs} each)`,
        "ms",
        { runs: searchApi.oneLetter },
      ),
      row("globalApi2", `GET /api/search, 2–${LETTERS} letters of the same words`, "ms", { runs: searchApi.longer }),
      row(
        "keystroke",
        `header search on /investors: keystroke → first option with the typed text painted (${measured.length} words × ${LETTERS} letters)`,
        "ms",
        { runs: keystrokes(() => true), warmup: contexts.slice(0, warmup).flatMap((c) => c.keystrokes) },
        { target: { op: "<=", value: TARGETS.keystrokeMs }, extra: { contexts } },
      ),
      row("keystroke1", "… the first letter", "ms", { runs: keystrokes((index) => index === 0) }),
      row("keystroke2", "… the later letters", "ms", { runs: keystrokes((index) => index > 0) }),
      row("rows", "/investors: navigation → first rows painted (complete directory)", "ms", {
        runs: measured.map((context) => context.rowsFrame),
      }),
    ];
  } finally {
    await browser?.close();
    if (app) await stopGroup(app.groupPid);
    await stopGroup(api.pid);
  }
}
