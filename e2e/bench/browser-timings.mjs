// Scenario 2: what ops staff wait for in the browser: first rows, a sort click, a search keystroke.
import { chromium } from "@playwright/test";
import { armActionProbe, awaitActionProbe, countText, firstRowsProbe } from "./page-probes.mjs";
import { result, round, sleep } from "./measure.mjs";

export const chromiumArgs = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
  "--disable-sync", "--no-first-run"];
export const launchBrowser = () => chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs });
const viewport = { width: 1280, height: 900 };
const ACTION_TIMEOUT = 30_000;

/** One cold visit in a fresh context (empty HTTP cache); returns the in-page marks and the open page. */
async function visit(browser, url, label) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.addInitScript(firstRowsProbe, label);
  await page.goto(url, { waitUntil: "commit", timeout: 120_000 });
  await page.waitForFunction(() => window.__bench?.rowsFrame != null && window.__bench?.hydrated != null, null, { timeout: 120_000, polling: 50 });
  const marks = await page.evaluate(() => ({ ...window.__bench }));
  return { context, page, marks };
}

/** One user action measured in-page; null when the watched text never changed within the timeout. */
async function action(page, { label, eventType, watch }, perform) {
  await page.evaluate(armActionProbe, { label, eventType, watch });
  await perform();
  const probe = await page.evaluate(awaitActionProbe, ACTION_TIMEOUT);
  return probe ? round(probe.frame - probe.start) : null;
}

async function settle(page) {
  // Let deferred renders and the URL update of the previous action finish before arming the next probe.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  await sleep(150);
}

async function sortRuns(page, label, header, runs, warmup) {
  const button = page.getByRole("table", { name: label }).getByRole("button", { name: header, exact: true });
  const times = [];
  for (let i = 0; i < runs + warmup; i += 1) {
    await settle(page);
    times.push(await action(page, { label, eventType: "click", watch: "firstRow" }, () => button.click()));
  }
  return { warmup: times.slice(0, warmup), runs: times.slice(warmup) };
}

async function searchRuns(page, key, runs, warmup) {
  const box = page.getByRole("searchbox", { name: "Search investors" });
  const times = [];
  for (let i = 0; i < runs + warmup; i += 1) {
    await box.fill("");
    await page.waitForFunction(countText, null, { timeout: ACTION_TIMEOUT }).catch(() => null);
    await page.waitForFunction(() => /^([\d,]+) of \1 /.test(document.body.innerText.match(/[\d,]+ of [\d,]+ investors/)?.[0] ?? ""), null, { timeout: ACTION_TIMEOUT });
    await settle(page);
    times.push(await action(page, { label: "Investors", eventType: "keydown", watch: "count" }, () => box.press(key)));
  }
  return { warmup: times.slice(0, warmup), runs: times.slice(warmup) };
}

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
      const visits = [];
      let last = null;
      for (let i = 0; i < n + warmup; i += 1) {
        if (last) await last.context.close();
        last = await visit(browser, `${appUrl}/funds/${fund.id}`, "Investors");
        visits.push(last.marks);
      }
      const measured = visits.slice(warmup);
      results.push(result({
        id: `browser.firstRows.${fund.size}`, scenario: "2 browser", name: `investors: navigation → first rows painted, ${size} investors`,
        unit: "ms", runs: measured.map((m) => round(m.rowsFrame)), warmup: visits.slice(0, warmup).map((m) => round(m.rowsFrame)),
        target: targets && { op: "<=", value: targets.rows }, extra: { marks: visits },
      }));
      results.push(result({
        id: `browser.hydrated.${fund.size}`, scenario: "2 browser", name: `investors: navigation → table hydrated (clickable), ${size} investors`,
        unit: "ms", runs: measured.map((m) => round(m.hydrated)),
      }));
      log(`  ${size}: first rows ${results.at(-2).median} ms, hydrated ${results.at(-1).median} ms`);
      // Sort and search on the last visit's page: every run toggles the Commitment sort (asc → desc → …).
      const sort = await sortRuns(last.page, "Investors", "Commitment", n, warmup);
      results.push(result({
        id: `browser.sort.${fund.size}`, scenario: "2 browser", name: `investors: click "Commitment" → re-sorted rows, ${size} investors`,
        unit: "ms", ...sort, target: targets && { op: "<=", value: targets.action },
      }));
      const search = await searchRuns(last.page, searchKey, n, warmup);
      results.push(result({
        id: `browser.search.${fund.size}`, scenario: "2 browser", name: `investors: keystroke "${searchKey}" → filtered rows, ${size} investors`,
        unit: "ms", ...search, target: targets && { op: "<=", value: targets.action },
      }));
      log(`  ${size}: sort ${results.at(-2).median} ms, search ${results.at(-1).median} ms`);
      await last.context.close();
    }
    results.push(...(await gridTimings(browser, appUrl, gridFundCount, runs, warmup, log)));
  } finally {
    await browser.close();
  }
  return results;
}

async function gridTimings(browser, appUrl, fundCount, runs, warmup, log) {
  const count = fundCount.toLocaleString("en-US");
  const visits = [];
  let last = null;
  for (let i = 0; i < runs + warmup; i += 1) {
    if (last) await last.context.close();
    last = await visit(browser, `${appUrl}/funds`, "Funds");
    visits.push(last.marks);
  }
  const sort = await sortRuns(last.page, "Funds", "Target size", runs, warmup);
  await last.context.close();
  const measured = visits.slice(warmup);
  const out = [
    result({
      id: "browser.gridRows", scenario: "2 browser", name: `funds grid: navigation → first rows painted, ${count} funds`, unit: "ms",
      runs: measured.map((m) => round(m.rowsFrame)), warmup: visits.slice(0, warmup).map((m) => round(m.rowsFrame)),
      target: { op: "<=", value: 500 }, extra: { marks: visits },
    }),
    result({
      id: "browser.gridHydrated", scenario: "2 browser", name: `funds grid: navigation → table hydrated, ${count} funds`, unit: "ms",
      runs: measured.map((m) => round(m.hydrated)),
    }),
    result({
      id: "browser.gridSort", scenario: "2 browser", name: `funds grid: click "Target size" → re-sorted rows, ${count} funds`,
      unit: "ms", ...sort, target: { op: "<=", value: 50 },
    }),
  ];
  log(`  grid: first rows ${out[0].median} ms, sort ${out[2].median} ms`);
  return out;
}
