// The client side of a mixed load run (scripts/load-mixed.mjs forks it): one autocannon per target, all at once,
// each connection carrying the cookie of the one person it belongs to; sends back statuses and latencies.
import autocannon from "autocannon";
import { pathToFileURL } from "node:url";

/** Nearest-rank percentiles of latencies in ms. */
export function latencySummary(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  const at = (p) =>
    sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]) : 0;
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: Math.round(sorted.at(-1) ?? 0) };
}

/** Status counts, with 429 and 503 apart from the other non-2xx answers. */
export function nonSuccess(statuses) {
  const split = { 429: 0, 503: 0, other: 0 };
  for (const [status, count] of Object.entries(statuses))
    if (!status.startsWith("2")) split[status === "429" || status === "503" ? status : "other"] += count;
  return split;
}

// Every connection asks at the same instant when a run starts, which no group of people does: the answers to requests
// sent in these first seconds are also left out of the "steady" latencies (never out of the counts).
const rampMs = 3_000;

function runTarget(base, target, seconds, timeoutSeconds) {
  const latencies = [];
  const steady = [];
  const started = Date.now();
  let next = 0;
  const request = {
    method: "GET",
    path: target.path,
    connection: {},
    // autocannon deep-copies each request per connection (and `connection` with it), then hands setupRequest a
    // shallow copy: the cookie stays the connection's own, unlike `context`, which restarts as the list repeats.
    setupRequest(req) {
      req.connection.cookie ??= target.cookies[next++];
      return { ...req, headers: { ...req.headers, cookie: req.connection.cookie } };
    },
  };
  const options = {
    url: base,
    connections: target.cookies.length,
    duration: seconds,
    timeout: timeoutSeconds,
    requests: [request],
  };
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve({ result, latencies, steady }),
    );
    instance.on("response", (_client, _status, _bytes, ms) => {
      latencies.push(ms);
      if (Date.now() - ms >= started + rampMs) steady.push(ms);
    });
  });
}

function figures(target, { result, latencies, steady }) {
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]));
  return {
    name: target.name,
    path: target.path,
    connections: target.cookies.length,
    requests: latencies.length,
    rps: Math.round(latencies.length / result.duration),
    latency: latencySummary(latencies),
    steadyLatency: latencySummary(steady),
    // autocannon counts timeouts among its errors.
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    statuses,
    non2xx: nonSuccess(statuses),
  };
}

/** The figures of several targets at once (their latencies merged), as one. */
export function overallOf(name, runs, each) {
  const latencies = runs.flatMap((run) => run.latencies);
  const steady = runs.flatMap((run) => run.steady);
  const statuses = {};
  for (const { result } of runs)
    for (const [code, { count }] of Object.entries(result.statusCodeStats))
      statuses[code] = (statuses[code] ?? 0) + count;
  const sum = (key) => runs.reduce((total, { result }) => total + result[key], 0);
  const duration = Math.max(...runs.map(({ result }) => result.duration));
  return {
    name,
    connections: each.reduce((total, target) => total + target.connections, 0),
    requests: latencies.length,
    rps: Math.round(latencies.length / duration),
    latency: latencySummary(latencies),
    steadyLatency: latencySummary(steady),
    errors: sum("errors") - sum("timeouts"),
    timeouts: sum("timeouts"),
    statuses,
    non2xx: nonSuccess(statuses),
  };
}

async function run({ base, seconds, timeoutSeconds, targets, flood }) {
  const all = flood ? [...targets, flood] : targets;
  const runs = await Promise.all(all.map((target) => runTarget(base, target, seconds, timeoutSeconds)));
  const each = all.map((target, i) => figures(target, runs[i]));
  const people = each.slice(0, targets.length);
  return {
    targets: people,
    overall: overallOf("all people's requests", runs.slice(0, targets.length), people),
    flood: flood ? each.at(-1) : null,
  };
}

// Only as the forked client: imported elsewhere (a test runner's worker has an IPC channel too), it stays inert.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  process.once("message", (plan) =>
    run(plan).then(
      (result) => process.send(result, () => process.exit(0)),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    ),
  );
