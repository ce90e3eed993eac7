// The figures of `npm run load -- --people N` and `--flood` as markdown tables, and the whole result as JSON in
// .load/results-<timestamp>.json, so runs can be compared later.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const number = (value) => (Number.isFinite(value) ? value.toLocaleString("en-US") : "–");

function table(header, rows) {
  return [
    `| ${header.join(" | ")} |`,
    `|${header.map((_, i) => (i === 0 ? "---" : "--:")).join("|")}|`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ].join("\n");
}

const targetHeader = [
  "target",
  "conns",
  "requests",
  "req/s",
  "p50 ms",
  "p90 ms",
  "p99 ms",
  "max ms",
  "steady p50 / p99 ms",
];
const failureHeader = ["errors", "timeouts", "429", "503", "other non-2xx"];

function targetRow(figures, bold = false) {
  const { latency, steadyLatency: steady, non2xx } = figures;
  const cells = [
    figures.name,
    ...[figures.connections, figures.requests, figures.rps, latency.p50, latency.p90, latency.p99, latency.max],
    steady ? `${number(steady.p50)} / ${number(steady.p99)}` : "–",
    ...[figures.errors, figures.timeouts, non2xx[429], non2xx[503], non2xx.other],
  ].map((cell, i) => (i === 0 || typeof cell === "string" ? cell : number(cell)));
  return bold ? cells.map((cell) => `**${cell}**`) : cells;
}

/** Each instance's peak RSS and CPU over one run. */
export function processesTable(processes) {
  const rows = processes.map((usage, i) => [
    `instance ${i} (pid ${usage.pid})`,
    number(usage.peakRssMb),
    number(usage.cpuSeconds),
    `${number(usage.cpuPercent)} %`,
  ]);
  return table(["process", "peak RSS MB", "CPU s (user+sys)", "CPU, share of one core"], rows);
}

/** One run: a row per target, the people's totals, the flooder's row apart, then the instances. */
export function runTables(run) {
  const rows = [
    ...run.targets.map((figures) => targetRow(figures)),
    targetRow({ ...run.overall, name: "total" }, true),
  ];
  const parts = [table([...targetHeader, ...failureHeader], rows)];
  if (run.flood) parts.push(table([...targetHeader, ...failureHeader], [targetRow(run.flood)]));
  parts.push(processesTable(run.processes));
  return parts.join("\n\n");
}

/**
 * How many targets kept their p99 within `times` their p50 over `key`'s latencies ("latency": every answer;
 * "steadyLatency": those after the first seconds), of how many, and the worst p99 ÷ p50 with its target's name.
 */
export function tailCounts(run, times = 3, key = "latency") {
  const ratioOf = (t) => (t[key] ? t[key].p99 / t[key].p50 : 0);
  const worst = run.targets.reduce((a, b) => (ratioOf(b) > ratioOf(a) ? b : a), run.targets[0]);
  return {
    within: run.targets.filter((t) => t[key] && t[key].p99 <= times * t[key].p50).length,
    of: run.targets.length,
    worst: worst ? ratioOf(worst) : 0,
    worstName: worst?.name ?? null,
  };
}

/** How many targets kept their p99 within `times` their p50: over every answer, and over the steady ones. */
export function tailLine(run, times = 3) {
  const all = tailCounts(run, times);
  const steady = tailCounts(run, times, "steadyLatency");
  return (
    `p99 within ${times}× p50: ${all.within} of ${all.of} targets over every answer (worst ${all.worst.toFixed(2)}×), ` +
    `${steady.within} of ${steady.of} over the steady ones (worst ${steady.worst.toFixed(2)}×)`
  );
}

const ratio = (b, a) => (a > 0 ? `${(b / a).toFixed(2)}×` : "–");
const failures = ({ non2xx, errors, timeouts }) => non2xx[429] + non2xx[503] + non2xx.other + errors + timeouts;

/** Run A (the people alone) beside run B (the same people while one other person floods a page). */
export function floodTable(alone, flooded) {
  const header = ["target", "A p50 ms", "A p99 ms", "B p50 ms", "B p99 ms", "p99 B/A", "A failed", "B failed"];
  const pairs = alone.targets.map((a) => [a, flooded.targets.find((b) => b.path === a.path)]);
  pairs.push([
    { ...alone.overall, name: "**all people's requests**" },
    { ...flooded.overall, name: "all" },
  ]);
  const rows = pairs.map(([a, b]) => [
    a.name,
    ...[a.latency.p50, a.latency.p99, b.latency.p50, b.latency.p99].map(number),
    ratio(b.latency.p99, a.latency.p99),
    number(failures(a)),
    number(failures(b)),
  ]);
  return table(header, rows);
}

/** Whether the people's overall p99 under the flood stayed within `goal` times their p99 alone. */
export function floodVerdict(alone, flooded, goal = 2) {
  const times = flooded.overall.latency.p99 / alone.overall.latency.p99;
  return { p99Ratio: Math.round(times * 100) / 100, goal, met: times <= goal };
}

/** Writes the result to .load/results-<timestamp>.json and returns the file's path. */
export function writeResults(result, folder = ".load") {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `results-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}
