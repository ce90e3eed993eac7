// Scenario 4: bytes: the gzipped JavaScript each route loads on a first visit, and the investors JSON per 1,000 rows.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { launchBrowser, newContext } from "./browser-session.mjs";
import { result, round, timedGet } from "./measure.mjs";

const kb = (bytes) => round(bytes / 1024, 1);
const isScript = (response) =>
  response.request().resourceType() === "script" || /javascript/.test(response.headers()["content-type"] ?? "");

/** Every script a fresh context loads for url until the network is idle, each gzipped here with zlib's default level. */
async function routeScripts(browser, url) {
  const context = await newContext(browser);
  const page = await context.newPage();
  const pending = [];
  page.on("response", (response) => {
    if (!isScript(response)) return;
    pending.push(
      (async () => {
        const body = await response.body().catch(() => null);
        const sizes = await response
          .request()
          .sizes()
          .catch(() => null);
        return {
          url: new URL(response.url()).pathname,
          bytes: body?.length ?? 0,
          gzip: body ? gzipSync(body).length : 0,
          encoding: response.headers()["content-encoding"] ?? "identity",
          wireBytes: sizes?.responseBodySize ?? null,
        };
      })(),
    );
  });
  const response = await page.goto(url, { waitUntil: "load", timeout: 120_000 });
  await page.waitForLoadState("networkidle", { timeout: 60_000 }).catch(() => null);
  const scripts = await Promise.all(pending);
  await context.close();
  return { status: response?.status() ?? null, finalUrl: page.url(), scripts };
}

/** Next's own per-route first-load list, gzipped the same way, as a cross-check of what the browser fetched. */
function bundleStats(buildDir) {
  const path = join(buildDir, ".next/diagnostics/route-bundle-stats.json");
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, "utf8")).map((entry) => {
      const files = (entry.firstLoadChunkPaths ?? [])
        .map((file) => join(buildDir, file))
        .filter((file) => existsSync(file));
      const gzip = files.reduce((sum, file) => sum + gzipSync(readFileSync(file)).length, 0);
      return {
        route: entry.route,
        uncompressedKb: kb(entry.firstLoadUncompressedJsBytes ?? 0),
        gzipKb: kb(gzip),
        chunks: files.length,
      };
    });
  } catch {
    return null;
  }
}

/** buildDir: the project folder of the build being served (local mode), for Next's route-bundle-stats cross-check. */
export async function pageWeight({ appUrl, smallFund, investorId, jsonFund, buildDir, log }) {
  const routes = [
    ["/funds", `${appUrl}/funds`],
    ["/funds/[fundId]", `${appUrl}/funds/${smallFund.id}`],
    ["/funds/[fundId]/investors/[investorId]", `${appUrl}/funds/${smallFund.id}/investors/${investorId}`],
  ];
  const results = [];
  const browser = await launchBrowser();
  try {
    for (const [route, url] of routes) {
      const { status, finalUrl, scripts } = await routeScripts(browser, url);
      // An error page or a redirect (say, to a sign-in page) loads other scripts: no number rather than a wrong one.
      const valid = status === 200 && new URL(finalUrl).pathname === new URL(url).pathname;
      const gzip = scripts.reduce((sum, script) => sum + script.gzip, 0);
      const raw = scripts.reduce((sum, script) => sum + script.bytes, 0);
      const wire = scripts.every((script) => script.wireBytes !== null)
        ? scripts.reduce((sum, s) => sum + s.wireBytes, 0)
        : null;
      results.push(
        result({
          id: `weight.js.${route}`,
          scenario: "4 weight",
          name: `first-visit JavaScript, gzipped: ${route}`,
          unit: "KB",
          runs: [valid ? kb(gzip) : null],
          target: { op: "<=", value: 170 },
          extra: { status, finalUrl, uncompressedKb: kb(raw), wireKb: wire === null ? null : kb(wire), scripts },
        }),
      );
      if (!valid) log(`  ${route}: answered ${status} at ${finalUrl}; not counted`);
      log(`  ${route}: ${scripts.length} scripts, ${kb(gzip)} KB gzipped (${kb(raw)} KB raw)`);
    }
  } finally {
    await browser.close();
  }
  const res = await timedGet(`${appUrl}/api/funds/${jsonFund.id}/investors`, {
    headers: { "accept-encoding": "identity" },
    keepBody: true,
  });
  const perThousand = 1000 / jsonFund.size;
  results.push(
    result({
      id: "weight.json",
      scenario: "4 weight",
      name: `investors JSON per 1,000 investors, gzipped (from the ${jsonFund.size.toLocaleString("en-US")}-investor fund)`,
      unit: "KB",
      runs: [kb(gzipSync(res.body).length * perThousand)],
      extra: {
        uncompressedKbPer1000: kb(res.body.length * perThousand),
        totalBytes: res.body.length,
        gzipBytes: gzipSync(res.body).length,
      },
    }),
  );
  // What the investor table actually downloads: its first page (the rest comes a page at a time as people scroll).
  const page = await timedGet(`${appUrl}/api/funds/${jsonFund.id}/investor-rows`, {
    headers: { "accept-encoding": "identity" },
    keepBody: true,
  });
  results.push(
    result({
      id: "weight.tablePage",
      scenario: "4 weight",
      name: `investor table's first page JSON (100 rows + view totals), gzipped (${jsonFund.size.toLocaleString("en-US")}-investor fund)`,
      unit: "KB",
      runs: [kb(gzipSync(page.body).length)],
      extra: { uncompressedKb: kb(page.body.length) },
    }),
  );
  const stats = buildDir ? bundleStats(buildDir) : null;
  if (stats) {
    for (const entry of stats.filter((candidate) => routes.some(([route]) => route === candidate.route))) {
      results.push(
        result({
          id: `weight.buildStats.${entry.route}`,
          scenario: "4 weight",
          name: `cross-check, Next route-bundle-stats first load, gzipped: ${entry.route}`,
          unit: "KB",
          runs: [entry.gzipKb],
          extra: entry,
        }),
      );
    }
  }
  return results;
}
