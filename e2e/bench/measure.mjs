// Shared measuring tools: summary statistics, timed HTTP requests, RSS sampling and the result record shape.
import { readFileSync } from "node:fs";
import http from "node:http";
import { performance } from "node:perf_hooks";
import { proxyHeaders } from "./auth.mjs";

export function summarize(values) {
  const sorted = values.filter((value) => typeof value === "number" && Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return { median: null, min: null, max: null };
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted.at(-1) };
}

/**
 * One row of the results table. target: { op: "<=" | ">=", value } or null for figures reported without a limit.
 * runs are the measured values (warm-up excluded); extra holds anything else worth keeping in results.json.
 */
export function result({ id, scenario, name, unit, runs, target = null, warmup = [], extra = {}, note }) {
  const stats = summarize(runs);
  let met = null;
  if (target && stats.median !== null)
    met = target.op === "<=" ? stats.median <= target.value : stats.median >= target.value;
  const errors = [...new Set((extra.marks ?? []).map((marks) => marks.error).filter(Boolean))];
  const allNotes = [note, errors.length > 0 ? `failed visits: ${errors.join("; ")}` : null].filter(Boolean).join("; ");
  return {
    id,
    scenario,
    name,
    unit,
    ...stats,
    target,
    met,
    runs,
    warmup,
    ...extra,
    ...(allNotes ? { note: allNotes } : {}),
  };
}

/** Warm-up rounds first, then measured ones; fn(round) returns one number (or null when a run failed). */
export async function repeat(fn, { runs, warmup }) {
  const warm = [];
  const measured = [];
  for (let i = 0; i < warmup; i += 1) warm.push(await fn(-1 - i));
  for (let i = 0; i < runs; i += 1) measured.push(await fn(i));
  return { warmup: warm, runs: measured };
}

// One keep-alive agent for every target, so connection setup costs the same (nothing) for each.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * GET url and read the whole body, as the bench's user (proxyHeaders; servers other than the app ignore them).
 * Returns ms from request start to the last byte, status, bytes on the wire and the headers; keepBody keeps the
 * (possibly compressed) bytes for later inspection.
 */
export async function timedGet(url, options = {}) {
  try {
    return await timedGetOnce(url, options);
  } catch (error) {
    // A kept-alive socket the server closed just as we reused it (Node's documented race): retry once, afresh.
    if (!error.reusedSocket || !["ECONNRESET", "EPIPE"].includes(error.code)) throw error;
    return timedGetOnce(url, options);
  }
}

function timedGetOnce(url, { headers = {}, keepBody = false, onChunk } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { agent, headers: { ...proxyHeaders, ...headers } }, (res) => {
      let bytes = 0;
      let firstByte = null;
      const chunks = [];
      res.on("data", (chunk) => {
        firstByte ??= performance.now() - started;
        bytes += chunk.length;
        if (keepBody) chunks.push(chunk);
        onChunk?.(chunk);
      });
      res.on("end", () =>
        resolve({
          ms: performance.now() - started,
          firstByteMs: firstByte,
          status: res.statusCode,
          bytes,
          headers: res.headers,
          body: keepBody ? Buffer.concat(chunks) : null,
        }),
      );
      res.on("error", reject);
    });
    req.setTimeout(120_000, () => req.destroy(new Error(`timeout: GET ${url}`)));
    req.on("error", (error) => reject(Object.assign(error, { reusedSocket: req.reusedSocket })));
  });
}

export async function getJson(url, headers = {}) {
  const res = await timedGet(url, {
    headers: { accept: "application/json", "accept-encoding": "identity", ...headers },
    keepBody: true,
  });
  if (res.status !== 200)
    throw new Error(`GET ${url} answered ${res.status}: ${res.body.toString("utf8").slice(0, 200)}`);
  return JSON.parse(res.body.toString("utf8"));
}

/** Resident set size of a process in bytes, from /proc/<pid>/status (VmRSS is in kB). */
export function rssBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : null;
}

/** Samples RSS every intervalMs until stop() is called; returns baseline (taken at start), peak, end and samples. */
export function sampleRss(pid, intervalMs = 10) {
  const baseline = rssBytes(pid);
  let peak = baseline;
  let samples = 1;
  const timer = setInterval(() => {
    try {
      const rss = rssBytes(pid);
      samples += 1;
      if (rss > peak) peak = rss;
    } catch {
      // The process is gone; the caller sees it from the request failing.
    }
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      const end = rssBytes(pid);
      peak = Math.max(peak, end);
      return { baseline, peak, end, growth: peak - baseline, samples };
    },
  };
}

export const mb = (bytes) => (bytes === null ? null : bytes / (1024 * 1024));
export const round = (value, digits = 1) =>
  value === null || value === undefined ? null : Number(value.toFixed(digits));
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
