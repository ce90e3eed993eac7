// Scenario 2: what ops staff wait for in the browser: first rows, a sort click, a search keystroke.
import { launchBrowser, noRuns, searchRuns, sortRuns, visits } from "./browser-session.mjs";
import { proxyHeaders } from "./auth.mjs";
import { result, round, sleep } from "./measure.mjs";

const TARGETS = {
  10_000: { rows: 1000, action: 100 },
  50_000: { rows: 3000, action: 300 },
};

export async function browserTimings({ appUrl, funds, gridFundCount, runs, warmup, bigRuns, searchKey, log }) {
  const results = [];
  const browser = await launchBrowser();
  try {
    for (const fund of funds) {
      const size = fund.size.toLocaleString("en-US");
      const n = fund.size >= 50_000 ? bigRuns : runs;
      const targets = TARGETS[fund.size] ?? null;
      const { marks: all, open: last } = await visits(browser, `${appUrl}/funds/${fund.id}`, "Investors", n + warmup);
      const measured = all.slice(warmup);
      results.push(
        result({
          id: `browser.firstRows.${fund.size}`,
          scenario: "2 browser",
          name: `investors: navigation → first rows painted, ${size} investors`,
          unit: "ms",
          runs: measured.map((m) => round(m.rowsFrame)),
          warmup: all.slice(0, warmup).map((m) => round(m.rowsFrame)),
          target: targets && { op: "<=", value: targets.rows },
          extra: { marks: all },
        }),
      );
      // The first visit finds no held list (the server fetches, parses and indexes it); later ones reuse it for 60 s.
      results.push(
        result({
          id: `browser.firstRowsCold.${fund.size}`,
          scenario: "2 browser",
          name: `investors: first visit after a server start (list not held yet) → first rows painted, ${size} investors`,
          unit: "ms",
          runs: all.slice(0, 1).map((m) => round(m.rowsFrame)),
        }),
      );
      results.push(
        result({
          id: `browser.hydrated.${fund.size}`,
          scenario: "2 browser",
          name: `investors: navigation → table hydrated (clickable), ${size} investors`,
          unit: "ms",
          runs: measured.map((m) => round(m.hydrated)),
        }),
      );
      log(
        `  ${size}: first rows ${results.at(-3).median} ms (first visit ${results.at(-2).median} ms), hydrated ${results.at(-1).median} ms`,
      );
      // Sort and search on the last visit's page: every run toggles the Commitment sort (asc → desc → …).
      const sort = last
        ? await sortRuns(last.page, { label: "Investors", header: "Commitment" }, n, warmup)
        : noRuns(n, warmup);
      results.push(
        result({
          id: `browser.sort.${fund.size}`,
          scenario: "2 browser",
          name: `investors: click "Commitment" → re-sorted rows, ${size} investors`,
          unit: "ms",
          ...sort,
          target: targets && { op: "<=", value: targets.action },
        }),
      );
      const search = last ? await searchRuns(last.page, searchKey, n, warmup) : noRuns(n, warmup);
      results.push(
        result({
          id: `browser.search.${fund.size}`,
          scenario: "2 browser",
          name: `investors: keystroke "${searchKey}" → filtered rows, ${size} investors`,
          unit: "ms",
          ...search,
          target: targets && { op: "<=", value: targets.action },
        }),
      );
      log(`  ${size}: sort ${results.at(-2).median} ms, search ${results.at(-1).median} ms`);
      await last?.context.close();
    }
    results.push(...(await gridTimings(browser, appUrl, gridFundCount, runs, warmup, log)));
  } finally {
    await browser.close();
  }
  return results;
}

async function gridTimings(browser, appUrl, fundCount, runs, warmup, log) {
  const count = fundCount.toLocaleString("en-US");
  const { marks: all, open: last } = await visits(browser, `${appUrl}/funds`, "Funds", runs + warmup);
  const sort = last
    ? await sortRuns(last.page, { label: "Funds", header: "Target size" }, runs, warmup)
    : noRuns(runs, warmup);
  await last?.context.close();
  const measured = all.slice(warmup);
  // The first visits of /funds start the organization's directory (every fund's list, read in the background on
  // the server's one JavaScript thread); the grid is measured again once it is held, as it is between refreshes.
  const held = await directoryHeld(appUrl);
  const { marks: settled, open: settledOpen } = await visits(browser, `${appUrl}/funds`, "Funds", runs);
  await settledOpen?.context.close();
  const out = [
    result({
      id: "browser.gridRows",
      scenario: "2 browser",
      name: `funds grid: navigation → first rows painted, ${count} funds, directory held`,
      unit: "ms",
      runs: settled.map((m) => round(m.rowsFrame)),
      target: { op: "<=", value: 500 },
      extra: { marks: settled, directoryHeldAfterMs: held },
    }),
    result({
      id: "browser.gridRowsFirstBuild",
      scenario: "2 browser",
      name: `funds grid: navigation → first rows painted, ${count} funds, while the directory is first read`,
      unit: "ms",
      runs: measured.map((m) => round(m.rowsFrame)),
      warmup: all.slice(0, warmup).map((m) => round(m.rowsFrame)),
      extra: { marks: all },
    }),
    result({
      id: "browser.gridHydrated",
      scenario: "2 browser",
      name: `funds grid: navigation → table hydrated, ${count} funds`,
      unit: "ms",
      runs: measured.map((m) => round(m.hydrated)),
    }),
    result({
      id: "browser.gridSort",
      scenario: "2 browser",
      name: `funds grid: click "Target size" → re-sorted rows, ${count} funds`,
      unit: "ms",
      ...sort,
      target: { op: "<=", value: 50 },
    }),
  ];
  log(
    `  grid: first rows ${out[0].median} ms (${out[1].median} ms while the directory is first read), sort ${out[3].median} ms`,
  );
  return out;
}

/** Waits until the server holds the whole directory; returns how long that took (ms), or null after 5 minutes. */
async function directoryHeld(appUrl) {
  const started = performance.now();
  while (performance.now() - started < 300_000) {
    const response = await fetch(`${appUrl}/api/investors?limit=1`, { headers: proxyHeaders }).catch(() => null);
    if (response?.ok && (await response.json()).complete) return round(performance.now() - started);
    await sleep(500);
  }
  return null;
}
