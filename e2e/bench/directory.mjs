// Scenario 7 (issue 15, "Scale"): the organization-wide investor directory over 2,000 funds and 100,000 positions:
// how long it takes to build against what the upstream alone needs, its views' server time, the header search in
// the browser, and the server's memory. It runs on its own demo API (50 ms latency) and its own app servers.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { foreignCpuMeter, treeCpuSeconds } from "./contention.mjs";
import { proxyHeaders } from "./auth.mjs";
import { launchBrowser, optionKeystroke, visit } from "./browser-session.mjs";
import { mb, result, round, rssBytes, sampleRss, sleep, summarize, timedGet } from "./measure.mjs";
import { randomToken, startApp, startDemoApi, stopGroup } from "./servers.mjs";
import { answers } from "./stack.mjs";
import { upstreamBaseline } from "./upstream-baseline.mjs";

/** The upstream of issue 15: 2,000 funds of 50 investors (100,000 positions), 50 ms before every answer. */
export const DIRECTORY_UPSTREAM = { funds: 2000, perFund: 50, latencyMs: 50 };
/** Funds read at once, by the server (DIRECTORY_CONCURRENCY, its default) and by the baseline alike. */
export const DIRECTORY_CONCURRENCY = 6;
// The directory page asks again every second while the directory is incomplete (refetchInterval in
// lib/directory/queries.ts); the watched build asks on the same beat.
export const PAGE_POLL_MS = 1_000;
const TARGETS = { buildRatio: 1.3, viewMs: 50, keystrokeMs: 100, rssMb: 1024 };
const SCENARIO = "7 directory";
const identity = { "accept-encoding": "identity" };
// Letters typed per word in the header search; each is one measured keystroke.
const LETTERS = 4;
// The page's first request of the directory: its first 100 rows (directoryFirstPage).
const firstPagePath = "/api/investors?offset=0&limit=100";

async function getJson(url) {
  const res = await timedGet(url, { headers: { accept: "application/json", ...identity }, keepBody: true });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${res.body.toString().slice(0, 200)}`);
  return { ms: res.ms, body: JSON.parse(res.body.toString("utf8")) };
}

/** Completed 200 answers of the demo API so far (its /__demo/stats, which counts them as they finish). */
async function upstreamAnswers(apiUrl) {
  const { body } = await getJson(`${apiUrl}/__demo/stats`);
  return body.statuses["200"] ?? 0;
}

/**
 * From the first GET /api/investors on a fresh server until an answer says complete, in one of two ways:
 * - watched: as the directory page does, the first 100 rows asked again every PAGE_POLL_MS (start to start, never
 *   two at once), so completion is seen up to a second late, as a person on the page sees it;
 * - unwatched: one request starts the build; the bench then watches only the demo API's count of finished answers
 *   and, once the fund list and every investor list have been sent, asks the app every 50 ms until complete.
 * Samples the server's RSS every 100 ms and counts the CPU time of the app server and the demo API meanwhile.
 */
async function buildOnce({ app, api, watched, log }) {
  const appCpu = treeCpuSeconds(app.serverPid);
  const apiCpu = treeCpuSeconds(api.pid);
  const foreignCpu = foreignCpuMeter();
  const sentBefore = watched ? 0 : await upstreamAnswers(api.url);
  const memory = sampleRss(app.serverPid, 100);
  const started = performance.now();
  const polls = [];
  let page = null;
  const ask = async () => {
    const asked = performance.now();
    const answer = await getJson(`${app.url}${firstPagePath}`);
    page = answer.body;
    polls.push([round(asked - started, 0), round(answer.ms), page.progress.read]);
    if (asked - started > 900_000) throw new Error("the directory was not complete within 15 minutes");
    return asked;
  };
  let asked = await ask();
  if (!watched) {
    const lists = page.progress.total;
    while (!page.complete && (await upstreamAnswers(api.url)) - sentBefore < lists + 1) {
      if (performance.now() - started > 900_000) throw new Error("the upstream did not send every list in 15 minutes");
      await sleep(100);
    }
  }
  const gap = watched ? PAGE_POLL_MS : 50;
  while (!page.complete) {
    // Start to start, like setInterval; a tick that falls while a request is out is skipped.
    await sleep(gap - ((performance.now() - asked) % gap));
    asked = await ask();
  }
  const ms = performance.now() - started;
  const rssAtComplete = rssBytes(app.serverPid);
  const rss = memory.stop();
  const pollMs = polls.map(([, took]) => took);
  const run = {
    watched,
    ms: round(ms),
    firstAnswerMs: polls[0][1],
    rssMb: round(mb(rssAtComplete)),
    peakRssMb: round(mb(rss.peak)),
    appCpuSeconds: round(treeCpuSeconds(app.serverPid) - appCpu),
    apiCpuSeconds: round(treeCpuSeconds(api.pid) - apiCpu),
    foreignCpuShare: foreignCpu(),
    investors: page.total,
    funds: page.progress.total,
    failedFunds: page.failedFunds.length,
    polls: { count: polls.length, ...summarize(pollMs), timeline: polls },
  };
  if (run.failedFunds > 0) log(`  warning: ${run.failedFunds} funds could not be read`);
  return run;
}

/** The five money columns: the keys of a page's totals (the server's own list, lib/directory/columns.ts). */
const moneyColumns = (page) => Object.keys(page.totals);

/** Each view's first request (worked out and cached by the server), then `runs` repeats of it. */
async function viewTimes(appUrl, views, runs) {
  const first = [];
  const again = [];
  const perView = {};
  for (const [name, query] of views) {
    const url = `${appUrl}/api/investors?${new URLSearchParams({ ...query, limit: "100" })}`;
    const once = await getJson(url);
    first.push(round(once.ms));
    const repeats = [];
    for (let i = 0; i < runs; i += 1) repeats.push(round((await getJson(url)).ms));
    again.push(...repeats);
    perView[name] = { first: round(once.ms), again: repeats, matched: once.body.matched };
  }
  return { first, again, perView };
}

/** Search terms of several reaches, taken from the data: one letter, a name's start, a name, an email, no match. */
function searchTerms(rows) {
  const row = rows.find((candidate) => candidate.email && /^[A-Za-z]{4,}/.test(candidate.name)) ?? rows[0];
  const word = /^[A-Za-z]+/.exec(row.name)?.[0].toLowerCase() ?? "a";
  return ["e", word.slice(0, 3), word, row.email ?? word.slice(0, 2), "zzqxj"];
}

const optionTexts = (found) => [
  ...found.funds.map((fund) => `${fund.name} Fund · ${fund.organization ?? ""}`),
  ...found.investors.map((investor) => `${investor.name} ${investor.email ?? "no email"}`),
];

/**
 * Words whose every prefix (up to LETTERS letters) changes the header search's answer and shows an option holding
 * what was typed, so each keystroke has a frame to wait for; distinct first letters, in a fixed order.
 */
async function searchWords(appUrl, rows, count) {
  const words = [];
  const firsts = new Set();
  const candidates = [...new Set(rows.flatMap((row) => row.name.toLowerCase().match(/[a-z]{4,}/g) ?? []))];
  for (const candidate of candidates) {
    if (words.length >= count) break;
    if (firsts.has(candidate[0])) continue;
    let before = "";
    let usable = true;
    for (let length = 1; length <= LETTERS && usable; length += 1) {
      const typed = candidate.slice(0, length);
      const { body } = await getJson(`${appUrl}/api/search?q=${encodeURIComponent(typed)}`);
      const texts = optionTexts(body);
      const now = texts.join("\n");
      usable = now !== before && texts.some((text) => text.toLowerCase().includes(typed));
      before = now;
    }
    if (!usable) continue;
    words.push(candidate.slice(0, LETTERS));
    firsts.add(candidate[0]);
  }
  return words;
}

/** /api/search server time per term, `runs` times each (the server caches no answer of it). */
async function globalSearchApi(appUrl, words, runs) {
  const oneLetter = [];
  const longer = [];
  for (const word of words) {
    for (let length = 1; length <= word.length; length += 1) {
      const url = `${appUrl}/api/search?q=${encodeURIComponent(word.slice(0, length))}`;
      for (let i = 0; i < runs; i += 1) (length === 1 ? oneLetter : longer).push(round((await getJson(url)).ms));
    }
  }
  return { oneLetter, longer };
}

/**
 * One fresh context: open /investors, wait for the header search to be hydrated, press `/`, then type the word a
 * letter at a time, each keystroke timed to the frame showing an option with the typed text (see armActionProbe).
 */
async function searchContext(browser, appUrl, word, log) {
  const { context, page, marks } = await visit(browser, `${appUrl}/investors`, "Investors");
  const keystrokes = [];
  try {
    if (page) {
      await page.getByRole("button", { name: "Search funds and investors" }).waitFor();
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll("button")].some(
            (el) =>
              el.textContent.includes("Search funds and investors") &&
              Object.keys(el).some((key) => key.startsWith("__reactProps")),
          ),
        null,
        { timeout: 30_000, polling: 20 },
      );
      const box = page.getByRole("combobox", { name: "Search funds and investors" });
      // The shortcut listener is attached in an effect just after hydration: press again if the first was early.
      for (let i = 0; i < 3 && !(await box.isVisible()); i += 1) {
        await page.keyboard.press("/");
        await box.waitFor({ timeout: 2_000 }).catch(() => {});
      }
      await box.waitFor({ timeout: 5_000 });
      for (let length = 1; length <= word.length; length += 1)
        keystrokes.push(await optionKeystroke(page, word[length - 1], word.slice(0, length)));
    }
  } finally {
    await context?.close();
  }
  log(`  header search "${word}": ${keystrokes.join(", ")} ms`);
  return { word, keystrokes, rowsFrame: round(marks.rowsFrame), hydrated: round(marks.hydrated), marks };
}

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
