// Writes results.md (the table people read) and results.json (every run's raw numbers) beside the bench.
// Run on its own (`node e2e/bench/report.mjs`), it writes results.md again from results.json, e.g. after analysis.md changed.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { pathToFileURL } from "node:url";

const here = (name) => new URL(`./${name}`, import.meta.url);

function format(value, unit) {
  if (value === null || value === undefined) return "—";
  if (unit === "×") return `${value.toFixed(2)}×`;
  if (unit === "score") return String(Math.round(value));
  const digits = Math.abs(value) >= 100 ? 0 : 1;
  const text = value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
  return unit === "req/s" ? `${text} req/s` : `${text} ${unit}`;
}

const targetText = (row) =>
  row.target ? `${row.target.op === "<=" ? "≤" : "≥"} ${format(row.target.value, row.unit)}` : "—";
const metText = (row) => (row.met === null ? (row.target ? "no data" : "") : row.met ? "met" : "**not met**");

export function table(results) {
  const lines = [
    "| scenario | measure | median | min | max | runs | target | met? |",
    "|---|---|--:|--:|--:|--:|---|---|",
  ];
  // Ratio rows have their own table (sideBySide); the raw rows they divide stay here.
  const ordered = results.filter((row) => !row.comparison).sort((a, b) => a.scenario.localeCompare(b.scenario));
  for (const row of ordered) {
    const runs = row.runs.filter((value) => value !== null).length;
    lines.push(
      `| ${row.scenario} | ${row.name} | ${format(row.median, row.unit)} | ${format(row.min, row.unit)} | ${format(row.max, row.unit)} | ${runs} | ${targetText(row)} | ${metText(row)} |`,
    );
  }
  return lines.join("\n");
}

const spread = (row) =>
  row?.median == null
    ? "—"
    : `${format(row.median, row.unit)} (${format(row.min, row.unit)}–${format(row.max, row.unit)})`;

/** The peer comparison (rows with a comparison: ours ÷ AG Grid of the medians), one line per measure and size. */
export function sideBySide(results) {
  const ratios = results.filter((row) => row.comparison);
  if (ratios.length === 0) return "";
  const byId = new Map(results.map((row) => [row.id, row]));
  const lines = [
    "| measure | investors | ours: median (min–max) | AG Grid: median (min–max) | ours ÷ AG Grid | target | met? |",
    "|---|--:|--:|--:|--:|---|---|",
  ];
  for (const row of ratios) {
    const { label, size, ours, peer } = row.comparison;
    lines.push(
      `| ${label} | ${size.toLocaleString("en-US")} | ${spread(byId.get(ours))} | ${spread(byId.get(peer))} | ${format(row.median, row.unit)} | ${targetText(row)} | ${metText(row)} |`,
    );
  }
  const met = ratios.filter((row) => row.met).length;
  const targeted = ratios.filter((row) => row.target).length;
  return `${met} of ${targeted} ratio targets met.\n\n${lines.join("\n")}`;
}

function sideBySideSection(results, agGrid) {
  const text = sideBySide(results);
  if (!text) return "";
  return `\n## Side by side: our fund page and AG Grid Community${agGrid ? ` ${agGrid}` : ""}

The same funds, browser, viewport and probes (scenario \`aggrid\`; how, under "Machine and method"). Each ratio is
our median ÷ AG Grid's median; the cold row divides our first visits on a fresh server by AG Grid's usual first rows.

${text}
`;
}

function rowNotes(results) {
  const noted = results.filter((row) => row.note);
  if (noted.length === 0) return "";
  return `\nNotes on rows:\n\n${noted.map((row) => `- ${row.name}: ${row.note}`).join("\n")}\n`;
}

export function machine() {
  const cpus = os.cpus();
  let chromium = null;
  try {
    chromium = execFileSync("/usr/bin/chromium", ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    // Reported as unknown.
  }
  const version = (name) => {
    try {
      return JSON.parse(readFileSync(`node_modules/${name}/package.json`, "utf8")).version;
    } catch {
      return null;
    }
  };
  return {
    cpu: `${cpus[0]?.model ?? "unknown"} × ${cpus.length}`,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    next: version("next"),
    playwright: version("@playwright/test"),
    lighthouse: version("lighthouse"),
    chromium,
    agGrid: version("ag-grid-community"),
  };
}

// The hand-written findings (what dominates where a target is missed, what was tried), kept beside the results.
function analysis() {
  const file = here("analysis.md");
  return existsSync(file) ? `${readFileSync(file, "utf8").trim()}\n\n` : "";
}

const scenarioOf = (row) => row.id.split(".")[0];

/**
 * The rows a subset run (--only) keeps from the previous results.json: those of every scenario it did not run,
 * unchanged, each with the time of the run that measured it (measuredAt), and the meta of those runs. Never across
 * modes: a local run does not carry another deployment's numbers, nor the other way round.
 */
export function carriedResults({ ran, mode }) {
  const none = { rows: [], runs: [], scenarios: [] };
  let previous;
  try {
    previous = JSON.parse(readFileSync(here("results.json"), "utf8"));
  } catch {
    return none;
  }
  if (previous?.meta?.mode !== mode || !Array.isArray(previous.results)) return none;
  // A row whose scenario field names a scenario that ran goes too: its id may be of a scheme since retired.
  const rows = previous.results
    .filter((row) => !ran.includes(scenarioOf(row)) && !ran.includes(row.scenario))
    .map((row) => ({ ...row, measuredAt: row.measuredAt ?? previous.meta.finishedAt }));
  const times = new Set(rows.map((row) => row.measuredAt));
  const runs = [previous.meta, ...(previous.earlier ?? [])].filter(
    (run, index, all) =>
      times.has(run.finishedAt) && all.findIndex((other) => other.finishedAt === run.finishedAt) === index,
  );
  return { rows, runs, scenarios: [...new Set(rows.map(scenarioOf))] };
}

const loadText = (run) =>
  `load average at start ${run.loadAverage.start.join(" / ")}, at end ${run.loadAverage.end.join(" / ")} (1/5/15 min); ` +
  `CPU used by processes other than the bench and its servers and browsers, as a share of all cores: ` +
  `${run.foreignCpu.map((p) => `${p.label} ${p.foreignShare}%`).join(", ")}`;

function carriedText(carried) {
  if (carried.rows.length === 0) return "";
  const runs = carried.runs.map((run) => {
    const scenarios = [...new Set(carried.rows.filter((row) => row.measuredAt === run.finishedAt).map(scenarioOf))];
    const build = run.build ? `, build \`${run.build.buildId}\` of ${run.build.builtAt}` : "";
    return `${scenarios.join(", ")} from the run of ${run.finishedAt} (\`npm run bench${run.args.length ? ` -- ${run.args.join(" ")}` : ""}\`${build})`;
  });
  return (
    `\nThis run measured only some scenarios; the rows of the others are carried over unchanged from earlier runs: ` +
    `${runs.join("; ")}. Their machine and load are under "Machine and method"; their raw numbers stay in ` +
    "`results.json` (each row's `measuredAt`, each run's meta under `earlier`).\n"
  );
}

export function writeResults({ results: fresh, meta, notes, carried = { rows: [], runs: [] } }) {
  const results = [...fresh.map((row) => ({ ...row, measuredAt: meta.finishedAt })), ...carried.rows];
  writeFileSync(
    here("results.json"),
    `${JSON.stringify({ meta, notes, results, ...(carried.runs.length ? { earlier: carried.runs } : {}) }, null, 2)}\n`,
  );
  return writeMarkdown({ results, meta, notes, earlier: carried.runs });
}

/** results.md from the rows (each with its measuredAt), this run's meta and notes, and the runs rows were carried from. */
function writeMarkdown({ results, meta, notes, earlier }) {
  const carried = { rows: results.filter((row) => row.measuredAt !== meta.finishedAt), runs: earlier };
  const summary = results.filter((row) => row.target);
  const met = summary.filter((row) => row.met).length;
  const measuredHere = summary.filter((row) => row.measuredAt === meta.finishedAt).length;
  const m = meta.machine;
  const md = `# Fund Explorer benchmark results

Generated by \`npm run bench\` on ${meta.finishedAt} in ${Math.round(meta.wallSeconds)} s (${meta.mode}).
**${met} of ${summary.length} targets met**${carried.rows.length ? ` (${measuredHere} of them measured in this run)` : ""}. Median over the measured runs (warm-up runs excluded); raw numbers of
every run, warm-up and marks are in [\`results.json\`](results.json). Rows without a target are context for the
others.
${carriedText(carried)}
${table(results)}
${sideBySideSection(results, meta.machine.agGrid)}${rowNotes(results)}
${analysis()}## How to reproduce

\`\`\`sh
npm install
npm run bench                        # builds if .next/BUILD_ID is missing, starts the demo API and the app server, ~15 min
npm run bench -- --only proxy,csv    # a subset: proxy, browser, aggrid, csv, weight, lighthouse, warm, directory, store
npm run bench -- --only warm         # fresh servers with and without their warm-up: start to ready, first visits
npm run bench -- --only aggrid       # our fund page beside AG Grid Community: ratios ours ÷ AG Grid
npm run bench -- --only directory    # the investor directory: 2,000 funds, 100,000 positions, 50 ms upstream latency
npm run bench -- --only scale        # issue 42: 100,000 positions on PGlite and PostgreSQL (--sizes 100k,400k,1m, --stores)
npm run bench -- --only many-people  # two instances: 100 people × 2 connections, then 20 people with and without a flood
npm run bench -- --base-url https://fund-explorer.internal --upstream-url https://customer-api.example.com --token "$T"
npm run bench -- --help              # runs, warm-ups, Lighthouse preset, CPU profile of the app server
\`\`\`

## Machine and method

- Machine: ${m.cpu}, ${m.memoryGb} GB RAM, ${m.os}; Node ${m.node}; Next ${m.next}; ${m.chromium ?? "Chromium (version unknown)"};
  Playwright ${m.playwright}; Lighthouse ${m.lighthouse}; AG Grid Community ${m.agGrid ?? "not installed"}. This run: ${loadText(meta)}
  (sampled from /proc every second); anything else running on the machine shows in every number.
${carried.runs.map((run) => `- Carried-over rows of the run of ${run.finishedAt}: ${loadText(run)}.`).join("\n")}${carried.runs.length ? "\n" : ""}${notes.map((note) => `- ${note}`).join("\n")}
`;
  writeFileSync(here("results.md"), md);
  return { met, total: summary.length };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { results, meta, notes, earlier = [] } = JSON.parse(readFileSync(here("results.json"), "utf8"));
  if (!notes) {
    console.error("results.json has no method notes (written before they were kept): run the bench instead");
    process.exit(1);
  }
  const { met, total } = writeMarkdown({ results, meta, notes, earlier });
  console.log(`e2e/bench/results.md written again from results.json: ${met} of ${total} targets met`);
}
