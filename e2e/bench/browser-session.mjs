// The browser side shared by the browser scenarios: one Chromium, fresh contexts, visits and measured actions.
import { chromium } from "@playwright/test";
import { proxyHeaders } from "./auth.mjs";
import { armActionProbe, awaitActionProbe, firstRowsProbe } from "./page-probes.mjs";
import { round, sleep } from "./measure.mjs";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
export const launchBrowser = () =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs });
export const viewport = { width: 1280, height: 900 };
/** A fresh context (empty HTTP cache) whose requests carry the bench user's proxy headers. */
export const newContext = (browser) => browser.newContext({ viewport, extraHTTPHeaders: proxyHeaders });
const ACTION_TIMEOUT = 30_000;

/**
 * One cold visit in a fresh context (empty HTTP cache); returns the in-page marks and the open page.
 * target: what firstRowsProbe watches (our table's label, or selectors for another page).
 */
export async function visit(browser, url, target) {
  const context = await newContext(browser);
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  await page.addInitScript(firstRowsProbe, target);
  try {
    await page.goto(url, { waitUntil: "commit", timeout: 120_000 });
    await page.waitForFunction(() => window.__bench?.rowsFrame != null && window.__bench?.hydrated != null, null, {
      timeout: 60_000,
      polling: 50,
    });
    return { context, page, marks: await page.evaluate(() => ({ ...window.__bench })) };
  } catch (error) {
    // A failed visit counts as a missing run, not as a reason to abandon the whole bench.
    const marks = await page.evaluate(() => ({ ...window.__bench })).catch(() => ({}));
    await context.close();
    console.error(`  visit of ${url} failed: ${error.message.split("\n")[0]}`);
    return { context: null, page: null, marks: { ...marks, error: error.message.split("\n")[0] } };
  }
}

/** True once the last two visits failed (a broken build, a table that never renders): stop visiting that page. */
export function failingTwice(url, all, left) {
  if (all.length < 2 || !all.slice(-2).every((marks) => marks.error)) return false;
  console.error(`  ${url}: two visits in a row failed; skipping the remaining ${left}`);
  return true;
}

/** Cold visits in fresh contexts; keeps the last successful page open for the sort and search runs. */
export async function visits(browser, url, target, count) {
  const all = [];
  let open = null;
  for (let i = 0; i < count && !failingTwice(url, all, count - i); i += 1) {
    const next = await visit(browser, url, target);
    all.push(next.marks);
    if (!next.page) continue;
    await open?.context.close();
    open = next;
  }
  return { marks: all, open };
}

export const noRuns = (runs, warmup) => ({ warmup: Array(warmup).fill(null), runs: Array(runs).fill(null) });

/** One user action measured in-page; null when the watched text never changed within the timeout. */
async function action(page, probe, perform) {
  await page.evaluate(armActionProbe, probe);
  await perform();
  const result = await page.evaluate(awaitActionProbe, ACTION_TIMEOUT);
  return result ? round(result.frame - result.start) : null;
}

async function settle(page) {
  // Let deferred renders and the URL update of the previous action finish before arming the next probe.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  await sleep(150);
}

/** A failed action is a missing run (null), logged to stderr, not the end of the bench. */
async function attempt(fn) {
  try {
    return await fn();
  } catch (error) {
    console.error(`  browser action failed: ${error.message.split("\n")[0]}`);
    return null;
  }
}

async function repeated(runs, warmup, fn) {
  const times = [];
  for (let i = 0; i < runs + warmup; i += 1) times.push(await attempt(fn));
  return { warmup: times.slice(0, warmup), runs: times.slice(warmup) };
}

/**
 * Header clicks, each timed to the frame that shows re-sorted top rows. sortable: { label, header } of our table, or
 * { label, button, rows } for another page (a header locator and a selector of its rows).
 */
export function sortRuns(page, { label, header, button, rows }, runs, warmup) {
  const target = button ?? page.getByRole("table", { name: label }).getByRole("button", { name: header, exact: true });
  return repeated(runs, warmup, async () => {
    await settle(page);
    return action(page, { label, eventType: "click", watch: "topRows", rows }, () => target.click());
  });
}

/** Keystrokes in the "Search investors" box, each timed to the frame that shows the new "N of M investors". */
export function searchRuns(page, key, runs, warmup) {
  const box = page.getByRole("searchbox", { name: "Search investors" });
  return repeated(runs, warmup, async () => {
    await box.fill("");
    await page.waitForFunction(
      () => /^([\d,]+) of \1 /.test(document.body.innerText.match(/[\d,]+ of [\d,]+ investors/)?.[0] ?? ""),
      null,
      { timeout: ACTION_TIMEOUT },
    );
    await settle(page);
    return action(page, { label: "Investors", eventType: "keydown", watch: "count" }, () => box.press(key));
  });
}

/**
 * One keystroke in the focused field, timed to the frame whose listbox shows changed options, one of them holding
 * `typed` (the header search's answer to what is now in the box); null when none came within the timeout.
 */
export function optionKeystroke(page, key, typed) {
  return attempt(async () => {
    await settle(page);
    return action(page, { eventType: "keydown", watch: "options", expect: typed }, () => page.keyboard.press(key));
  });
}
