// Scenario 5: Lighthouse 12 category scores for the Overview, the Funds grid, a fund page and capital outstanding, in a
// fresh headless Chromium each run; desktop (the default) or mobile (a phone: Moto G Power, slow 4G, 4× CPU), whose rows
// sit beside the desktop ones under their own ids.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { proxyHeaders } from "./auth.mjs";
import { result } from "./measure.mjs";

const CATEGORIES = [
  ["performance", "performance", 95],
  ["accessibility", "accessibility", 100],
  ["best-practices", "best practices", 95],
];

/** Audits that pulled a category below 100, so the results say what to fix, not only that something is off. */
function failingAudits(lhr, categoryId) {
  return lhr.categories[categoryId].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => ({ id: audit.id, score: audit.score, displayValue: audit.displayValue ?? null }));
}

async function audit(url, preset) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES.map(([id]) => id),
      extraHeaders: proxyHeaders,
    };
    const runner = await lighthouse(url, flags, preset === "desktop" ? desktopConfig : undefined);
    const lhr = runner.lhr;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    return {
      scores: Object.fromEntries(
        CATEGORIES.map(([id]) => [
          id,
          lhr.categories[id].score === null ? null : Math.round(lhr.categories[id].score * 100),
        ]),
      ),
      metrics: Object.fromEntries(
        [
          "first-contentful-paint",
          "largest-contentful-paint",
          "total-blocking-time",
          "cumulative-layout-shift",
          "speed-index",
        ].map((id) => [id, lhr.audits[id]?.numericValue ?? null]),
      ),
      failing: Object.fromEntries(CATEGORIES.map(([id]) => [id, failingAudits(lhr, id)])),
      warnings: lhr.runWarnings,
    };
  } finally {
    await chrome.kill();
  }
}

export async function lighthouseScores({ pages, runs, preset, log }) {
  process.env.CHROME_PATH ??= "/usr/bin/chromium";
  // Desktop rows keep the ids earlier runs recorded; a mobile run's rows are beside them, not in their place.
  const prefix = preset === "desktop" ? "lighthouse" : `lighthouse-${preset}`;
  const results = [];
  for (const [label, url] of pages) {
    const reports = [];
    const retries = [];
    for (let i = 0; i < runs; i += 1) {
      let report = null;
      // Lighthouse sometimes loses the trace (NO_NAVSTART, NO_FCP) in headless Chromium; such a run is retried twice.
      for (let attempt = 1; attempt <= 3 && !report; attempt += 1) {
        try {
          report = await audit(url, preset);
        } catch (error) {
          log(`  lighthouse run on ${label} failed (attempt ${attempt}): ${error.message}`);
          retries.push({ page: label, attempt, error: error.message });
        }
      }
      reports.push(report);
    }
    for (const [id, name, min] of CATEGORIES) {
      results.push(
        result({
          id: `${prefix}.${id}.${label}`,
          scenario: "5 lighthouse",
          name: `Lighthouse ${name} (${preset}): ${label}`,
          unit: "score",
          runs: reports.map((report) => report?.scores[id] ?? null),
          target: { op: ">=", value: min },
          extra: {
            failedAttempts: retries,
            failingAudits: reports.find((report) => report?.failing[id].length)?.failing[id] ?? [],
            ...(id === "performance" ? { metrics: reports.map((report) => report?.metrics ?? null) } : {}),
          },
        }),
      );
    }
    log(
      `  ${label}: ${CATEGORIES.map(([id]) => `${id} ${results.find((r) => r.id === `${prefix}.${id}.${label}`).median}`).join(", ")}`,
    );
  }
  return results;
}
