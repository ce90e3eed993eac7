// Where a CPU profile's time went (`npm run bench -- --cpu-prof` writes them to e2e/bench/logs/profiles):
//   node e2e/bench/profile-summary.mjs <file.cpuprofile> [--top N] [--grep TEXT] [--build DIR]
// Self time per function, and total time (self plus callees, recursion counted once) per function. Frames of the
// minified server bundles are named by their source maps: the bench serves a copy of .next that is gone once it
// stops, so the maps are read from the same build in DIR/.next (default: this checkout; it must be that build).
import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: "string", default: "25" },
    grep: { type: "string" },
    build: { type: "string", default: "." },
  },
});
if (positionals.length !== 1) {
  console.error("usage: node e2e/bench/profile-summary.mjs <file.cpuprofile> [--top N] [--grep TEXT] [--build DIR]");
  process.exit(2);
}

const maps = new Map();
function sourceMapOf(url) {
  const inBuild = /\/\.next\/(.*)$/.exec(url.startsWith("file:") ? fileURLToPath(url) : url)?.[1];
  if (!inBuild) return null;
  if (!maps.has(inBuild)) {
    const file = join(args.build, ".next", `${inBuild}.map`);
    maps.set(inBuild, existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, "utf8"))) : null);
  }
  return maps.get(inBuild);
}

/** The original file:line (and name, when the map has one) of a bundle position; null when unmapped. */
function original(frame) {
  const entry = sourceMapOf(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber);
  if (!entry?.originalSource) return null;
  const source = entry.originalSource
    .replace(/^.*\[project\]\//, "")
    .replace(/^turbopack:\/\/\//, "")
    .replace(/^(\.\.\/)+/, "");
  return { source: `${source}:${entry.originalLine + 1}`, name: entry.name };
}

const profile = JSON.parse(readFileSync(positionals[0], "utf8"));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

// Self time per node: each sample's time delta goes to the node it was taken in.
const selfUs = new Map();
profile.samples.forEach((id, index) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));

function label({ callFrame: frame }) {
  const mapped = frame.url ? original(frame) : null;
  if (mapped) return `${mapped.name || frame.functionName || "(anonymous)"} ${mapped.source}`;
  const file = frame.url ? frame.url.replace(/^.*\/(\.next|node_modules)\//, "$1/") : "";
  return `${frame.functionName || "(anonymous)"} ${file}${file ? `:${frame.lineNumber + 1}` : ""}`;
}

const self = new Map();
const total = new Map();
let all = 0;
for (const [id, us] of selfUs) {
  all += us;
  const own = label(byId.get(id));
  self.set(own, (self.get(own) ?? 0) + us);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const name = label(byId.get(at));
    if (seen.has(name)) continue;
    seen.add(name);
    total.set(name, (total.get(name) ?? 0) + us);
  }
}

const top = Number(args.top);
const show = (title, map) => {
  console.log(`\n${title}`);
  const rows = [...map].filter(([name]) => !args.grep || name.includes(args.grep)).sort((a, b) => b[1] - a[1]);
  for (const [name, us] of rows.slice(0, top))
    console.log(`${(us / 1e6).toFixed(2).padStart(8)} s ${((100 * us) / all).toFixed(1).padStart(5)}%  ${name}`);
};
console.log(`${(all / 1e6).toFixed(2)} s sampled (${profile.samples.length} samples)`);
show("self time", self);
show("total time (self + callees)", total);
