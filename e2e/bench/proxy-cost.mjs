// Scenario 1: what the dashboard's /api proxy costs over the upstream and over the least any proxy must do.
import autocannon from "autocannon";
import { proxyHeaders } from "./auth.mjs";
import { startBarePassThrough } from "./bare-pass-through.mjs";
import { repeat, result, round, timedGet } from "./measure.mjs";

const identity = { "accept-encoding": "identity", accept: "application/json" };

/** Once per target, untimed: the answer must be the fund's whole list, or the timings mean nothing. */
async function checkBody(url, headers, size) {
  const res = await timedGet(url, { headers, keepBody: true });
  if (res.body[0] === 0x1f && res.body[1] === 0x8b) return "answered gzip bytes to Accept-Encoding: identity";
  try {
    const list = JSON.parse(res.body.toString("utf8"));
    return Array.isArray(list) && list.length === size
      ? null
      : `answered ${Array.isArray(list) ? list.length : "a non-list"} instead of ${size} investors`;
  } catch {
    return `answered a body that is not JSON (status ${res.status})`;
  }
}

async function timed(url, headers) {
  const res = await timedGet(url, { headers });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return res;
}

export async function proxyCost({ appUrl, bareInAppUrl, upstreamUrl, token, funds, runs, warmup, log }) {
  const results = [];
  const bare = upstreamUrl ? await startBarePassThrough(upstreamUrl, token) : null;
  const ratios = [];
  try {
    for (const fund of funds) {
      const path = `/funds/${fund.id}/investors`;
      const targets = [["proxy", `${appUrl}/api${path}`, identity]];
      if (upstreamUrl) {
        targets.push([
          "upstream",
          `${upstreamUrl}/customerapi${path}`,
          { ...identity, authorization: `Bearer ${token}` },
        ]);
        targets.push(["bare", `${bare.url}${path}`, identity]);
      }
      if (bareInAppUrl) targets.push(["bareInApp", `${bareInAppUrl}${path}`, identity]);
      const times = Object.fromEntries(targets.map(([key]) => [key, { runs: [], warmup: [], bytes: null }]));
      for (const [key, url, headers] of targets) times[key].check = await checkBody(url, headers, fund.size);
      // Interleaved rounds, so a slow moment on the machine hits every target alike.
      await repeat(
        async (i) => {
          for (const [key, url, headers] of targets) {
            const res = await timed(url, headers);
            times[key][i < 0 ? "warmup" : "runs"].push(round(res.ms));
            times[key].bytes = res.bytes;
          }
          if (i >= 0) {
            const last = (key) => times[key]?.runs.at(-1);
            ratios.push({
              size: fund.size,
              bare: last("proxy") / last("bare"),
              bareInApp: last("proxy") / last("bareInApp"),
            });
          }
        },
        { runs, warmup },
      );
      const size = fund.size.toLocaleString("en-US");
      const label = {
        proxy: "app proxy /api",
        upstream: "demo API direct",
        bare: "bare pass-through (its own process)",
        bareInApp: "bare pass-through (in the app server's process)",
      };
      for (const [key] of targets) {
        results.push(
          result({
            id: `proxy.${key}.${fund.size}`,
            scenario: "1 proxy",
            name: `${label[key]}, ${size} investors`,
            unit: "ms",
            runs: times[key].runs,
            warmup: times[key].warmup,
            extra: { bytes: times[key].bytes },
            note: times[key].check ?? undefined,
          }),
        );
      }
      // The target compares like with like: the same work in the same process (heap, flags, held lists, GC).
      for (const key of ["bareInApp", "bare"].filter((candidate) => times[candidate])) {
        const own = ratios.filter((entry) => entry.size === fund.size).map((entry) => round(entry[key], 2));
        results.push(
          result({
            id: `proxy.ratio${key === "bare" ? "" : "InApp"}.${fund.size}`,
            scenario: "1 proxy",
            name: `proxy ÷ ${label[key]}, ${size} investors`,
            unit: "×",
            runs: own,
            target: fund.size === 10_000 && (key === "bareInApp" || !bareInAppUrl) ? { op: "<=", value: 1.3 } : null,
          }),
        );
      }
      log(`  ${size}: proxy ${results.find((r) => r.id === `proxy.proxy.${fund.size}`).median} ms`);
    }
  } finally {
    await bare?.close();
  }
  const mid = funds.find((fund) => fund.size === 10_000) ?? funds[Math.floor(funds.length / 2)];
  // Browsers send gzip: these rows show what compressing the list adds to the latency a page waits for.
  for (const fund of funds.filter((candidate) => candidate.size >= 10_000))
    results.push(await gzipLatency(appUrl, fund, runs));
  if (mid) results.push(await throughput(appUrl, mid, log));
  return results;
}

/** The same request as a browser sends it (gzip allowed): what compression adds to the latency and saves on the wire. */
async function gzipLatency(appUrl, fund, runs) {
  const url = `${appUrl}/api/funds/${fund.id}/investors`;
  let last;
  const { runs: measured, warmup } = await repeat(
    async () => {
      last = await timed(url, { accept: "application/json", "accept-encoding": "gzip" });
      return round(last.ms);
    },
    { runs, warmup: 1 },
  );
  const { body } = await timedGet(url, {
    headers: { accept: "application/json", "accept-encoding": "gzip" },
    keepBody: true,
  });
  const gzipped = body[0] === 0x1f && body[1] === 0x8b;
  const encoding = last.headers["content-encoding"] ?? "identity";
  return result({
    id: `proxy.gzip.${fund.size}`,
    scenario: "1 proxy",
    name: `app proxy /api with Accept-Encoding: gzip, ${fund.size.toLocaleString("en-US")} investors`,
    unit: "ms",
    runs: measured,
    warmup,
    extra: { wireBytes: last.bytes, contentEncoding: encoding },
    // Browsers cannot read a gzip body that is not labelled as such: the page would never show its rows.
    note:
      gzipped && encoding !== "gzip"
        ? "the body is gzip but the response has no Content-Encoding: gzip header"
        : undefined,
  });
}

/** Requests per second under 20 concurrent connections for 10 s, loopback only. */
async function throughput(appUrl, fund, log) {
  const url = `${appUrl}/api/funds/${fund.id}/investors`;
  log(`  autocannon: 20 connections × 10 s on ${fund.size.toLocaleString("en-US")} investors`);
  const out = await autocannon({
    url,
    connections: 20,
    duration: 10,
    timeout: 60,
    headers: { ...proxyHeaders, ...identity },
  });
  const ok = out["2xx"];
  return result({
    id: `proxy.throughput.${fund.size}`,
    scenario: "1 proxy",
    name: `app proxy throughput, 20 connections, ${fund.size.toLocaleString("en-US")} investors (${ok} responses in 10 s)`,
    unit: "req/s",
    runs: [round(ok / (out.duration || 10), 2)],
    extra: {
      completed2xx: ok,
      non2xx: out.non2xx,
      errors: out.errors,
      timeouts: out.timeouts,
      durationS: out.duration,
      latencyMs: { p50: out.latency.p50, p90: out.latency.p90, p99: out.latency.p99, max: out.latency.max },
      bytesPerSecond: out.throughput.average,
    },
  });
}
