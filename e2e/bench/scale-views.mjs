// The scale scenario's directory on a warm server: its first page, a sort on each column, search keystrokes (server
// time from the request log, wall time beside it), and the server's RSS while the CSV of every investor streams.
import { getJson, sampleRss, summarize, timedGet } from "./measure.mjs";
import { requestLog, serverTimed } from "./request-log.mjs";

// Every column of the directory (lib/directory/columns.ts), each way.
const COLUMNS = [
  "name",
  "investor_type",
  "email",
  "funds",
  "commitment_amount",
  "contributed_amount",
  "unfunded_commitment_amount",
  "life_distributions",
  "net_asset_value",
];
export const SORTS = COLUMNS.flatMap((column) => [`${column}.asc`, `${column}.desc`]);
const ASKS = 3; // of each sort and keystroke: its value is their median
const PAGE_ASKS = 5;
// Names the keystrokes are typed from: the investors at these fractions of the default order, their first 1 to 4
// characters (spread over the alphabet, so the short keystrokes match many and differ).
const TYPED_AT = [0, 0.3, 0.6, 0.9];
const KEYSTROKES = 4;

/** Asks `path` `times` times: each ask's server ms (null when its log line was not found) and wall ms. */
async function asked(log, url, path, times) {
  const asks = [];
  for (let at = 0; at < times; at += 1) {
    const res = await serverTimed(log, `${url}${path}`);
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.text.slice(0, 200)}`);
    asks.push({ serverMs: res.serverMs, wallMs: res.wallMs, matched: res.body?.matched, total: res.body?.total });
  }
  return asks;
}

/** One view's figures: the median of its asks by server time (wall time when no log line), and each ask. */
function viewFigures(label, asks) {
  const server = asks.map((ask) => ask.serverMs).filter((ms) => ms !== null);
  return {
    label,
    ms: summarize(server.length === asks.length ? server : asks.map((ask) => ask.wallMs)).median,
    byLog: server.length === asks.length,
    wallMs: summarize(asks.map((ask) => ask.wallMs)).median,
    firstMs: asks[0].serverMs ?? asks[0].wallMs,
    matched: asks[0].matched ?? null,
  };
}

/** The keystrokes a person types to find a few investors of the directory: "m", "ma", "mar", … */
async function keystrokes(url, total) {
  const typed = [];
  for (const at of TYPED_AT) {
    const offset = Math.min(Math.floor(at * total), Math.max(0, total - 1));
    const page = await getJson(`${url}/api/investors?offset=${offset}&limit=1`);
    const name = (page.rows[0]?.name ?? "").toLowerCase().trim();
    for (let length = 1; length <= Math.min(KEYSTROKES, name.length); length += 1) typed.push(name.slice(0, length));
  }
  return [...new Set(typed)];
}

/**
 * The directory's views on the running server named `name`: the first page (PAGE_ASKS asks), every column sorted
 * each way and the keystrokes (ASKS asks each, after none: the first ask is a person's first click). Returns each
 * view's figures.
 */
export async function directoryViews(spawned, name) {
  const log = requestLog(name);
  const base = "/api/investors?offset=0&limit=100";
  const pageAsks = await asked(log, spawned.url, base, PAGE_ASKS);
  const page = { ...viewFigures("first page", pageAsks), asks: pageAsks.map((ask) => ask.serverMs ?? ask.wallMs) };
  const sorts = [];
  for (const sort of SORTS) sorts.push(viewFigures(sort, await asked(log, spawned.url, `${base}&sort=${sort}`, ASKS)));
  const searches = [];
  for (const q of await keystrokes(spawned.url, pageAsks[0].total ?? 0))
    searches.push(viewFigures(q, await asked(log, spawned.url, `${base}&q=${encodeURIComponent(q)}`, ASKS)));
  return { page, sorts, searches };
}

/**
 * GET /api/investors.csv?group=investor (every investor, the directory's view) read to its last byte and dropped,
 * the server's RSS sampled every 10 ms meanwhile: the growth is the peak over the RSS just before.
 */
export async function csvGrowth(spawned) {
  let lines = 0;
  const sampler = sampleRss(spawned.app.serverPid, 10);
  const res = await timedGet(`${spawned.url}/api/investors.csv?group=investor`, {
    headers: { accept: "text/csv", "accept-encoding": "identity" },
    onChunk: (chunk) => {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
    },
  });
  const rss = sampler.stop();
  return { status: res.status, ms: res.ms, bytes: res.bytes, lines, ...rss };
}
