// Scenario 3: streaming investors.csv: wall time and how much the server's resident memory grows meanwhile.
import { parse } from "csv-parse/sync";
import { mb, result, round, sampleRss, sleep, timedGet } from "./measure.mjs";

/** One download; with a pid, RSS is sampled every 10 ms from just before the request to just after the last byte. */
async function download(url, pid, keepBody) {
  if (pid) await sleep(200); // let the previous request's garbage settle before the baseline
  const sampler = pid ? sampleRss(pid, 10) : null;
  const res = await timedGet(url, { headers: { "accept-encoding": "identity" }, keepBody });
  const memory = sampler?.stop() ?? null;
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return { ms: round(res.ms), firstByteMs: round(res.firstByteMs), bytes: res.bytes, body: res.body, memory };
}

const memoryMb = (run) => (run.memory ? { baselineMb: round(mb(run.memory.baseline)), peakMb: round(mb(run.memory.peak)), growthMb: round(mb(run.memory.growth)), samples: run.memory.samples } : null);

/**
 * freshServer() (local mode only) restarts the app server and resolves to { url, serverPid }, so the first download of
 * each size meets a cold process: V8 keeps the heap it grew, so later runs show far less growth.
 */
export async function csvExport({ appUrl, serverPid, freshServer, funds, runs, log }) {
  const results = [];
  let app = { url: appUrl, serverPid };
  const first = freshServer ? "first, cold server" : "first download";
  for (const fund of funds) {
    const size = fund.size.toLocaleString("en-US");
    if (freshServer) app = await freshServer();
    const url = () => `${app.url}/api/funds/${fund.id}/investors.csv`;
    const cold = await download(url(), app.serverPid, true);
    const rows = parse(cold.body, { columns: false, relax_column_count: true }).length - 1;
    if (rows !== fund.size) log(`  warning: ${size}-investor CSV has ${rows} data rows`);
    const warm = [];
    for (let i = 0; i < runs; i += 1) warm.push(await download(url(), app.serverPid, false));
    const big = fund.size >= 50_000;
    const extra = { rows, bytes: cold.bytes, cold: { ms: cold.ms, firstByteMs: cold.firstByteMs, ...memoryMb(cold) }, warm: warm.map((run) => ({ ms: run.ms, firstByteMs: run.firstByteMs, ...memoryMb(run) })) };
    results.push(result({
      id: `csv.time.${fund.size}`, scenario: "3 csv", name: `investors.csv, ${size} rows: time to last byte (warm)`, unit: "ms",
      runs: warm.map((run) => run.ms), warmup: [cold.ms], target: big ? { op: "<=", value: 3000 } : null, extra,
    }));
    results.push(result({
      id: `csv.timeCold.${fund.size}`, scenario: "3 csv", name: `investors.csv, ${size} rows: time to last byte (${first})`,
      unit: "ms", runs: [cold.ms], target: big ? { op: "<=", value: 3000 } : null,
    }));
    if (cold.memory) {
      results.push(result({
        id: `csv.memCold.${fund.size}`, scenario: "3 csv", name: `investors.csv, ${size} rows: server RSS growth (first, cold server)`,
        unit: "MB", runs: [round(mb(cold.memory.growth))], target: big ? { op: "<=", value: 100 } : null,
        extra: memoryMb(cold),
      }));
      results.push(result({
        id: `csv.memWarm.${fund.size}`, scenario: "3 csv", name: `investors.csv, ${size} rows: server RSS growth (warm)`,
        unit: "MB", runs: warm.map((run) => round(mb(run.memory.growth))), target: big ? { op: "<=", value: 100 } : null,
      }));
      results.push(result({
        id: `csv.peak.${fund.size}`, scenario: "3 csv", name: `investors.csv, ${size} rows: server peak RSS (first, cold server)`,
        unit: "MB", runs: [round(mb(cold.memory.peak))], extra: { baselineMb: round(mb(cold.memory.baseline)) },
      }));
    }
    log(`  ${size}: cold ${cold.ms} ms${cold.memory ? ` +${round(mb(cold.memory.growth))} MB` : ""}, warm median ${results.find((r) => r.id === `csv.time.${fund.size}`).median} ms`);
  }
  return { results, app };
}
