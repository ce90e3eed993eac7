// Issue 44's targets: one statement PDF on a warm server (≤ 150 ms); a fund's batch of 1,000 investors as a zip of
// PDFs (≤ 20 s, server RSS growth ≤ 150 MB); one of 10,000 streams to its end with RSS growth ≤ 150 MB. Also the
// embedded demo's first start with its past against one without (DEMO_PAST=0): time to a complete directory.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { proxyHeaders } from "./auth.mjs";
import { getJson, mb, result, round, sampleRss, sleep, summarize, timedGet } from "./measure.mjs";
import { freePort, randomToken, startApp, startDemoApi, stopGroup } from "./servers.mjs";
import { serverNodeFlags } from "../../scripts/server-flags.mjs";

const SCENARIO = "statements";
const year = new Date().getUTCFullYear();

/** Streams a zip to its end, sampling the server's RSS: seconds, bytes and RSS growth. */
async function batch(app, fundId) {
  const rss = sampleRss(app.serverPid, 50);
  const started = performance.now();
  const response = await fetch(`${app.url}/api/funds/${fundId}/statements.zip?period=${year}`, {
    headers: proxyHeaders,
  });
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  const seconds = (performance.now() - started) / 1000;
  const memory = rss.stop();
  if (response.status !== 200) throw new Error(`statements.zip answered ${response.status}`);
  return { seconds, bytes, growthMb: mb(memory.growth), peakMb: mb(memory.peak) };
}

/** The embedded demo's first start on a fresh store: ms from the spawn to its first complete round of reads. */
export async function firstStart(dir, past) {
  const folder = mkdtempSync(join(tmpdir(), "fe-bench-first-"));
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, [...serverNodeFlags, "scripts/server.mjs"], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_DIR: join(folder, "db"),
      CUSTOMER_API_BASE_URL: "",
      CUSTOMER_API_TOKEN: "",
      DEMO_PAST: past ? "1" : "0",
    },
    stdio: ["ignore", "pipe", "ignore"],
  });
  try {
    return await new Promise((resolve, reject) => {
      let text = "";
      const timer = setTimeout(() => reject(new Error("no complete round within 180 s")), 180_000);
      child.stdout.on("data", (chunk) => {
        text += chunk;
        if (!text.includes('"organization_read"')) return;
        clearTimeout(timer);
        resolve(performance.now() - began);
      });
    });
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function statementsScale({ dir, runs, log, sizes = [1_000, 10_000] }) {
  const starts = { with: [], without: [] };
  for (let at = 0; at < Math.max(1, Math.min(runs, 3)); at++)
    for (const past of [false, true]) {
      const ms = await firstStart(dir, past);
      starts[past ? "with" : "without"].push(ms);
      log(
        `  embedded demo's first start ${past ? "with" : "without"} its past: ${round(ms / 1000, 1)} s to a complete directory`,
      );
    }
  const ratio = starts.with.map((ms, at) => round(ms / starts.without[at], 2));
  const results = [];
  results.push(
    result({
      id: "demo-past-first-start",
      scenario: SCENARIO,
      name: "the embedded demo's first start with its past ÷ without (to a complete directory)",
      unit: "×",
      runs: ratio,
      target: { op: "<=", value: 1.5 },
      extra: { withMs: starts.with.map((ms) => round(ms)), withoutMs: starts.without.map((ms) => round(ms)) },
    }),
  );
  const token = randomToken();
  log("statements: demo API of 3 funds (40, 1,000 and 10,000 investors)");
  const api = await startDemoApi({
    token,
    funds: 3,
    perFund: 40,
    fundSizes: [40, 1_000, 10_000],
    name: "demo-api-statements",
  });
  try {
    const app = await startApp({ dir, upstreamUrl: api.url, token, name: "app-server-statements" });
    const funds = await getJson(`${app.url}/api/funds`, proxyHeaders);
    const bySize = (size) => funds.find((fund) => fund.investor_count === size);
    // The organization's first round reads (and keeps) every fund's list: the statements' read.
    for (
      let waited = 0;
      !(await getJson(`${app.url}/api/investors?offset=0&limit=1`, proxyHeaders)).complete;
      waited++
    ) {
      if (waited > 600) throw new Error("the directory was not complete within 2 minutes");
      await sleep(200);
    }
    await sleep(2_000);
    const small = bySize(40);
    const investor = (await getJson(`${app.url}/api/funds/${small.id}/investors`, proxyHeaders))[0];
    const pdfUrl = `${app.url}/api/funds/${small.id}/investors/${investor.id}/statement.pdf?period=${year}`;
    const one = [];
    for (let at = 0; at < 3 + runs * 4; at++) {
      const res = await timedGet(pdfUrl);
      if (res.status !== 200) throw new Error(`statement.pdf answered ${res.status}`);
      if (at >= 3) one.push(res.ms);
    }
    log(`  one statement PDF: median ${round(summarize(one).median)} ms`);
    results.push(
      result({
        id: "statement-pdf",
        scenario: SCENARIO,
        name: "one statement PDF, warm server",
        unit: "ms",
        runs: one.map((ms) => round(ms)),
        target: { op: "<=", value: 150 },
      }),
    );
    for (const size of sizes) {
      const measured = await batch(app, bySize(size).id);
      log(
        `  batch of ${size}: ${round(measured.seconds, 1)} s, ${round(measured.bytes / 1048576, 1)} MB, RSS growth ${round(measured.growthMb)} MB`,
      );
      const note = `${round(measured.bytes / 1048576, 1)} MB zip; peak RSS ${round(measured.peakMb)} MB`;
      if (size === 1_000)
        results.push(
          result({
            id: "statements-zip-1000",
            scenario: SCENARIO,
            name: "a batch of 1,000 investors (zip of PDFs)",
            unit: "s",
            runs: [round(measured.seconds, 1)],
            target: { op: "<=", value: 20 },
            note,
          }),
        );
      else
        results.push(
          result({
            id: "statements-zip-10000",
            scenario: SCENARIO,
            name: "a batch of 10,000 investors, streamed to the end",
            unit: "s",
            runs: [round(measured.seconds, 1)],
            note,
          }),
        );
      results.push(
        result({
          id: `statements-zip-${size}-rss`,
          scenario: SCENARIO,
          name: `RSS growth over the batch of ${size.toLocaleString("en-US")}`,
          unit: "MB",
          runs: [round(measured.growthMb)],
          target: { op: "<=", value: 150 },
        }),
      );
    }
    await stopGroup(app.groupPid);
  } finally {
    await stopGroup(api.pid);
  }
  return results;
}
