// The directory scenario's builds: from the first request on a fresh server until the directory is complete,
// watched as the page watches it or not, with the server's memory and CPU meanwhile.
import { performance } from "node:perf_hooks";
import { foreignCpuMeter, treeCpuSeconds } from "./contention.mjs";
import { mb, round, rssBytes, sampleRss, sleep, summarize, timedGet } from "./measure.mjs";

// The directory page asks again every second while the directory is incomplete (refetchInterval in
// lib/directory/queries.ts); the watched build asks on the same beat.
export const PAGE_POLL_MS = 1_000;
const identity = { "accept-encoding": "identity" };
// The page's first request of the directory: its first 100 rows (directoryFirstPage).
const firstPagePath = "/api/investors?offset=0&limit=100";

export async function getJson(url) {
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
export async function buildOnce({ app, api, watched, log }) {
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
    // A list kept within the build's reuse window (the warm-up's, on a shared store) is taken, not read again: the
    // page is asked again every 5 s, so fewer upstream answers than lists cannot stall the wait.
    for (let waited = 0; !page.complete && (await upstreamAnswers(api.url)) - sentBefore < lists + 1; waited += 100) {
      if (performance.now() - started > 900_000) throw new Error("the upstream did not send every list in 15 minutes");
      await sleep(100);
      if (waited % 5_000 === 4_900) asked = await ask();
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
