// Scenario 3: streaming investors.csv (and its .xlsx twin): wall time and how much the server's resident memory grows
// meanwhile.
import { Readable } from "node:stream";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { mb, result, round, sampleRss, sleep, summarize, timedGet } from "./measure.mjs";

/** One download; with a pid, RSS is sampled every 10 ms from just before the request to just after the last byte. */
async function download(url, pid, keepBody) {
  if (pid) await sleep(200); // let the previous request's garbage settle before the baseline
  const sampler = pid ? sampleRss(pid, 10) : null;
  const res = await timedGet(url, { headers: { "accept-encoding": "identity" }, keepBody });
  const memory = sampler?.stop() ?? null;
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return { ms: round(res.ms), firstByteMs: round(res.firstByteMs), bytes: res.bytes, body: res.body, memory };
}

const memoryMb = (run) =>
  run.memory
    ? {
        baselineMb: round(mb(run.memory.baseline)),
        peakMb: round(mb(run.memory.peak)),
        growthMb: round(mb(run.memory.growth)),
        samples: run.memory.samples,
      }
    : null;

/** The data rows of a workbook's first sheet, read with ExcelJS's streaming reader (the file is never whole in memory). */
async function xlsxRows(bytes) {
  let rows = 0;
  for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {}))
    for await (const row of sheet) if (row.number > 1) rows += 1;
  return rows;
}

/**
 * The same fund's .xlsx, `runs` times, the list still not held (as the CSV's later downloads): time to last byte
 * against 2× the CSV's, RSS growth against the CSV's + 200 MB.
 */
async function xlsxBesideCsv({ app, fund, runs, big, add, csvMs, csvGrowthMb, log }) {
  const url = `${app.url}/api/funds/${fund.id}/investors.xlsx`;
  const size = fund.size.toLocaleString("en-US");
  const downloads = [];
  for (let i = 0; i < Math.max(1, runs); i += 1) downloads.push(await download(url, app.serverPid, i === 0));
  const rows = await xlsxRows(downloads[0].body);
  if (rows !== fund.size) log(`  warning: ${size}-investor xlsx has ${rows} data rows`);
  const target = (value) => (big && value !== null ? { target: { op: "<=", value: round(value) } } : {});
  const name = `investors.xlsx, ${size} rows, list not held (as the CSV's later downloads)`;
  const extra = { rows, bytes: downloads[0].bytes, csvMs, csvGrowthMb };
  add(
    `csv.xlsx.time.${fund.size}`,
    `${name}: time to last byte`,
    "ms",
    downloads.map((run) => run.ms),
    {
      ...target(csvMs * 2),
      extra,
    },
  );
  if (downloads[0].memory)
    add(
      `csv.xlsx.mem.${fund.size}`,
      `${name}: server RSS growth`,
      "MB",
      downloads.map((run) => round(mb(run.memory.growth))),
      {
        ...target(csvGrowthMb === null ? null : csvGrowthMb + 200),
        extra: downloads.map(memoryMb),
      },
    );
}

/**
 * Per fund: restart the server (freshServer, local mode only) and download a small fund's file once, which loads
 * the export's code (about 120 MB of RSS on the first export of any size), then
 * - the first download of this fund: a process whose heap no big export has grown yet, the strictest reading;
 * - `runs` more downloads, the list still not held (nothing has shown the table): each reads the list from the
 *   upstream straight into CSV, in a heap the first one grew. Both carry the targets;
 * - after one table page has made the server hold the list, `runs` downloads served from the held list.
 */
export async function csvExport({ appUrl, serverPid, freshServer, funds, warmFund, runs, log }) {
  const results = [];
  let app = { url: appUrl, serverPid };
  const first = freshServer ? "first download after a server start" : "first download";
  const add = (id, name, unit, values, extra = {}) =>
    results.push(result({ id, scenario: "3 csv", name, unit, runs: values, ...extra }));
  for (const fund of funds) {
    const size = fund.size.toLocaleString("en-US");
    const big = fund.size >= 50_000;
    if (freshServer) app = await freshServer();
    let loaded = null;
    if (warmFund) loaded = await download(`${app.url}/api/funds/${warmFund.id}/investors.csv`, app.serverPid, false);
    const url = () => `${app.url}/api/funds/${fund.id}/investors.csv`;
    const cold = await download(url(), app.serverPid, true);
    const rows = parse(cold.body, { columns: false, relax_column_count: true }).length - 1;
    if (rows !== fund.size) log(`  warning: ${size}-investor CSV has ${rows} data rows`);
    const streamed = [];
    for (let i = 0; i < runs; i += 1) streamed.push(await download(url(), app.serverPid, false));
    await xlsxBesideCsv({
      app,
      fund,
      runs,
      big,
      add,
      log,
      csvMs: summarize(streamed.map((run) => run.ms)).median ?? cold.ms,
      csvGrowthMb: cold.memory ? summarize(streamed.map((run) => mb(run.memory.growth))).median : null,
    });
    // One table page makes the server hold the list; the next downloads come from it.
    await timedGet(`${app.url}/api/funds/${fund.id}/investor-rows?limit=100`, {
      headers: { "accept-encoding": "identity" },
    });
    const held = [];
    for (let i = 0; i < runs; i += 1) held.push(await download(url(), app.serverPid, false));
    const growth = (list) => list.map((run) => round(mb(run.memory.growth)));
    const extra = {
      rows,
      bytes: cold.bytes,
      routeLoad: loaded && { fund: warmFund, ms: loaded.ms, ...memoryMb(loaded) },
      first: { ms: cold.ms, firstByteMs: cold.firstByteMs, ...memoryMb(cold) },
      streamed: streamed.map((run) => ({ ms: run.ms, firstByteMs: run.firstByteMs, ...memoryMb(run) })),
      held: held.map((run) => ({ ms: run.ms, firstByteMs: run.firstByteMs, ...memoryMb(run) })),
    };
    const target = (value) => (big ? { target: { op: "<=", value } } : {});
    const firstName = `${first}${loaded ? ` and one ${warmFund.size}-row export` : ""}`;
    add(`csv.time.${fund.size}`, `investors.csv, ${size} rows, ${firstName}: time to last byte`, "ms", [cold.ms], {
      ...target(3000),
      extra,
    });
    if (cold.memory) {
      add(
        `csv.mem.${fund.size}`,
        `investors.csv, ${size} rows, ${firstName}: server RSS growth`,
        "MB",
        [round(mb(cold.memory.growth))],
        { ...target(100), extra: memoryMb(cold) },
      );
      add(
        `csv.peak.${fund.size}`,
        `investors.csv, ${size} rows, ${firstName}: server peak RSS`,
        "MB",
        [round(mb(cold.memory.peak))],
        { extra: { baselineMb: round(mb(cold.memory.baseline)) } },
      );
    }
    add(
      `csv.timeAgain.${fund.size}`,
      `investors.csv, ${size} rows, later downloads, list not held: time to last byte`,
      "ms",
      streamed.map((run) => run.ms),
      target(3000),
    );
    if (cold.memory)
      add(
        `csv.memAgain.${fund.size}`,
        `investors.csv, ${size} rows, later downloads, list not held: server RSS growth`,
        "MB",
        growth(streamed),
        target(100),
      );
    add(
      `csv.timeHeld.${fund.size}`,
      `investors.csv, ${size} rows, from the list held for the table: time to last byte`,
      "ms",
      held.map((run) => run.ms),
    );
    if (cold.memory)
      add(
        `csv.memHeld.${fund.size}`,
        `investors.csv, ${size} rows, from the held list: server RSS growth`,
        "MB",
        growth(held),
      );
    if (loaded?.memory) {
      add(
        `csv.memLoad.${fund.size}`,
        `loading the export's code: RSS growth of the ${warmFund.size}-row export before the ${size}-row one`,
        "MB",
        [round(mb(loaded.memory.growth))],
      );
    }
    const median = (id) => results.find((r) => r.id === id).median;
    log(
      `  ${size}: first ${cold.ms} ms${cold.memory ? ` +${round(mb(cold.memory.growth))} MB` : ""}, later ${median(`csv.timeAgain.${fund.size}`)} ms, held ${median(`csv.timeHeld.${fund.size}`)} ms, xlsx ${median(`csv.xlsx.time.${fund.size}`)} ms${cold.memory ? ` +${median(`csv.xlsx.mem.${fund.size}`)} MB` : ""}`,
    );
  }
  return { results, app };
}
