// Scenario 1: what the dashboard's /api proxy costs over the upstream and over the least any proxy must do.
import http from "node:http";
import autocannon from "autocannon";
import { repeat, result, round, timedGet } from "./measure.mjs";

const identity = { "accept-encoding": "identity", accept: "application/json" };

/** The floor for any proxy in Node: fetch the upstream, JSON.parse, JSON.stringify, answer. */
async function startBarePassThrough(upstreamUrl, token) {
  const server = http.createServer(async (req, res) => {
    try {
      const upstream = await fetch(`${upstreamUrl}/customerapi${req.url}`, {
        headers: { authorization: `Bearer ${token}`, accept: "application/json", "accept-encoding": "identity" },
      });
      const body = JSON.stringify(JSON.parse(await upstream.text()));
      res.writeHead(upstream.status, { "content-type": "application/json" });
      res.end(body);
    } catch (error) {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(String(error));
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Once per target, untimed: the answer must be the fund's whole list, or the timings mean nothing. */
async function checkBody(url, headers, size) {
  const res = await timedGet(url, { headers, keepBody: true });
  if (res.body[0] === 0x1f && res.body[1] === 0x8b) return "answered gzip bytes to Accept-Encoding: identity";
  try {
    const list = JSON.parse(res.body.toString("utf8"));
    return Array.isArray(list) && list.length === size ? null : `answered ${Array.isArray(list) ? list.length : "a non-list"} instead of ${size} investors`;
  } catch {
    return `answered a body that is not JSON (status ${res.status})`;
  }
}

async function timed(url, headers) {
  const res = await timedGet(url, { headers });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return res;
}

export async function proxyCost({ appUrl, upstreamUrl, token, funds, runs, warmup, log }) {
  const results = [];
  const bare = upstreamUrl ? await startBarePassThrough(upstreamUrl, token) : null;
  const ratios = [];
  try {
    for (const fund of funds) {
      const path = `/funds/${fund.id}/investors`;
      const targets = [["proxy", `${appUrl}/api${path}`, identity]];
      if (upstreamUrl) {
        targets.push(["upstream", `${upstreamUrl}/customerapi${path}`, { ...identity, authorization: `Bearer ${token}` }]);
        targets.push(["bare", `${bare.url}${path}`, identity]);
      }
      const times = Object.fromEntries(targets.map(([key]) => [key, { runs: [], warmup: [], bytes: null }]));
      for (const [key, url, headers] of targets) times[key].check = await checkBody(url, headers, fund.size);
      // Interleaved rounds, so a slow moment on the machine hits all three alike.
      await repeat(async (i) => {
        for (const [key, url, headers] of targets) {
          const res = await timed(url, headers);
          times[key][i < 0 ? "warmup" : "runs"].push(round(res.ms));
          times[key].bytes = res.bytes;
        }
        if (i >= 0 && times.bare) ratios.push({ size: fund.size, ratio: times.proxy.runs.at(-1) / times.bare.runs.at(-1) });
      }, { runs, warmup });
      const size = fund.size.toLocaleString("en-US");
      const label = { proxy: "app proxy /api", upstream: "demo API direct", bare: "bare pass-through" };
      for (const [key] of targets) {
        results.push(result({
          id: `proxy.${key}.${fund.size}`, scenario: "1 proxy", name: `${label[key]}, ${size} investors`, unit: "ms",
          runs: times[key].runs, warmup: times[key].warmup, extra: { bytes: times[key].bytes }, note: times[key].check ?? undefined,
        }));
      }
      if (times.bare) {
        const own = ratios.filter((entry) => entry.size === fund.size).map((entry) => round(entry.ratio, 2));
        results.push(result({
          id: `proxy.ratio.${fund.size}`, scenario: "1 proxy", name: `proxy ÷ bare pass-through, ${size} investors`, unit: "×",
          runs: own, target: fund.size === 10_000 ? { op: "<=", value: 1.5 } : null,
        }));
      }
      log(`  ${size}: proxy ${results.find((r) => r.id === `proxy.proxy.${fund.size}`).median} ms`);
    }
  } finally {
    await bare?.close();
  }
  const mid = funds.find((fund) => fund.size === 10_000) ?? funds[Math.floor(funds.length / 2)];
  // Browsers send gzip: these rows show what compressing the list adds to the latency a page waits for.
  for (const fund of funds.filter((candidate) => candidate.size >= 10_000)) results.push(await gzipLatency(appUrl, fund, runs));
  if (mid) results.push(await throughput(appUrl, mid, log));
  return results;
}

/** The same request as a browser sends it (gzip allowed): what compression adds to the latency and saves on the wire. */
async function gzipLatency(appUrl, fund, runs) {
  const url = `${appUrl}/api/funds/${fund.id}/investors`;
  let last;
  const { runs: measured, warmup } = await repeat(async () => {
    last = await timed(url, { accept: "application/json", "accept-encoding": "gzip" });
    return round(last.ms);
  }, { runs, warmup: 1 });
  const { body } = await timedGet(url, { headers: { accept: "application/json", "accept-encoding": "gzip" }, keepBody: true });
  const gzipped = body[0] === 0x1f && body[1] === 0x8b;
  const encoding = last.headers["content-encoding"] ?? "identity";
  return result({
    id: `proxy.gzip.${fund.size}`, scenario: "1 proxy", name: `app proxy /api with Accept-Encoding: gzip, ${fund.size.toLocaleString("en-US")} investors`,
    unit: "ms", runs: measured, warmup,
    extra: { wireBytes: last.bytes, contentEncoding: encoding },
    // Browsers cannot read a gzip body that is not labelled as such: the page would never show its rows.
    note: gzipped && encoding !== "gzip" ? "the body is gzip but the response has no Content-Encoding: gzip header" : undefined,
  });
}

/** Requests per second under 20 concurrent connections for 10 s, loopback only. */
async function throughput(appUrl, fund, log) {
  const url = `${appUrl}/api/funds/${fund.id}/investors`;
  log(`  autocannon: 20 connections × 10 s on ${fund.size.toLocaleString("en-US")} investors`);
  const out = await autocannon({ url, connections: 20, duration: 10, timeout: 60, headers: identity });
  const ok = out["2xx"];
  return result({
    id: `proxy.throughput.${fund.size}`, scenario: "1 proxy",
    name: `app proxy throughput, 20 connections, ${fund.size.toLocaleString("en-US")} investors (${ok} responses in 10 s)`, unit: "req/s",
    runs: [round(ok / (out.duration || 10), 2)],
    extra: {
      completed2xx: ok, non2xx: out.non2xx, errors: out.errors, timeouts: out.timeouts, durationS: out.duration,
      latencyMs: { p50: out.latency.p50, p90: out.latency.p90, p99: out.latency.p99, max: out.latency.max },
      bytesPerSecond: out.throughput.average,
    },
  });
}
