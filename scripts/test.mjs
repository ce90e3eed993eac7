// `npm test`: format check, typecheck, lint, unit tests (with a real Redis), production build, Playwright e2e; ends
// with "N passed, N failed".
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { ensureChromium } from "./ensure-chromium.mjs";
import { ensureNode24 } from "./node24.mjs";
import { ensurePostgresServer } from "./postgres-server.mjs";
import { ensureRedisServer } from "./redis-server.mjs";

const out = ".e2e";
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const tally = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
// Named again at the very end, where a CI log cut to its last lines still shows them.
const failedTests = [];

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`◀ ${label}: exit ${result.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

/**
 * Runs beside other stages: its output goes to `.e2e/<log>` and is printed whole when it ends, so two stages'
 * lines never interleave. The checks that use one core (prettier, tsc, eslint) run beside the unit suite this way:
 * on the 2-core CI machine that took 2.5 minutes off a run.
 */
function runBeside(label, command, args, log, env = {}) {
  const started = Date.now();
  const path = `${out}/${log}`;
  const file = createWriteStream(path);
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(file, { end: false });
  child.stderr.pipe(file, { end: false });
  return new Promise((resolve) => {
    child.on("close", (status) => {
      file.end(() => {
        console.log(`\n▶ ${label}: ${command} ${args.join(" ")}`);
        process.stdout.write(readFileSync(path, "utf8"));
        console.log(`◀ ${label}: exit ${status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        resolve(status === 0);
      });
    });
  });
}

function check(label, ok) {
  tally[ok ? "passed" : "failed"] += 1;
  if (!ok) failures.push(label);
}

/** "project › file › title" of each e2e test that failed, from Playwright's JSON report. */
function failedE2e(report) {
  const names = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === "unexpected") names.push(`${test.projectName} › ${suite.file ?? file} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of report?.suites ?? []) walk(suite, suite.file);
  return names;
}

/** "file › title" of each unit test that failed, from vitest's JSON report. */
function failedUnit(report) {
  return (report?.testResults ?? []).flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === "failed")
      .map((test) => `${file.name.replace(`${process.cwd()}/`, "")} › ${test.fullName}`),
  );
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

// The unit run starts its own Redis and PostgreSQL (vitest's global setup) and the multi-instance e2e suite another
// Redis: Debian's redis-server and postgresql, installed here when missing, as Chromium is. Without them those tests
// fail, naming the package.
ensureRedisServer();
ensurePostgresServer();
// typegen first: tsc and the unit suite both read the route types it writes.
const typegenOk = run("route types", "npx", ["next", "typegen"]);
let typesChecked = false;
const staticChecks = (async () => {
  check("format", await runBeside("format", "npx", ["prettier", "--check", "."], "format.log"));
  typesChecked = typegenOk && (await runBeside("typecheck", "npx", ["tsc", "--noEmit"], "typecheck.log"));
  check("typecheck", typesChecked);
  check("lint", await runBeside("lint", "npx", ["eslint", "--max-warnings=0", "."], "lint.log"));
})();
const unitRun = runBeside(
  "unit tests",
  "npx",
  ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile=${out}/vitest.json`],
  "unit.log",
);
const [unitOk] = await Promise.all([unitRun, staticChecks]);
const unit = readJson(`${out}/vitest.json`);
if (unit) {
  tally.passed += unit.numPassedTests;
  tally.failed += unit.numFailedTests;
  tally.skipped += unit.numPendingTests + unit.numTodoTests;
  if (unit.numFailedTests > 0) failures.push(`${unit.numFailedTests} unit test(s)`);
  failedTests.push(...failedUnit(unit));
}
if (!unit || (!unitOk && unit.numFailedTests === 0)) check("unit test run", false);

// The unit suite on Node 24 LTS beside the production build, waited for before the e2e stage, which has the machine
// to itself. Both are CPU-bound on 2 cores: together 260 s, one after the other 90 + 180 s.
const node24 = ensureNode24();
if (!node24) check("Node 24 (could not be installed)", false);
const node24Env = node24 ? { PATH: `${node24}:${process.env.PATH}` } : null;
const unit24Run = node24Env
  ? runBeside(
      "unit tests on Node 24",
      "npx",
      ["vitest", "run", "--reporter=dot", "--reporter=json", `--outputFile=${out}/vitest-node24.json`],
      "unit-node24.log",
      node24Env,
    )
  : Promise.resolve(false);
// With tsc passed above, the build skips its own check of the same types (next.config.mjs).
const buildOk = await runBeside("production build", "npx", ["next", "build"], "build.log", {
  BUILD_TYPES_CHECKED: typesChecked ? "1" : "0",
});
check("production build", buildOk);
await unit24Run;
if (node24Env) {
  const unit24 = readJson(`${out}/vitest-node24.json`);
  failedTests.push(...failedUnit(unit24).map((name) => `Node 24: ${name}`));
  check("unit tests on Node 24", unit24 !== null && unit24.numFailedTests === 0 && unit24.numPassedTests > 0);
}

if (buildOk && ensureChromium()) {
  const e2eOk = run("e2e", "npx", ["playwright", "test", "-c", "e2e/playwright.config.ts"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: resolve(out, "playwright.json"),
  });
  const e2e = readJson(`${out}/playwright.json`);
  if (e2e?.stats) {
    const { expected, unexpected, flaky, skipped } = e2e.stats;
    tally.passed += expected + flaky;
    tally.failed += unexpected;
    tally.skipped += skipped;
    if (unexpected > 0) failures.push(`${unexpected} e2e test(s)`);
    failedTests.push(...failedE2e(e2e));
  }
  if (!e2e?.stats || (!e2eOk && e2e.stats.unexpected === 0)) check("e2e run", false);
} else {
  check("e2e (not run: build failed or Chromium missing)", false);
}

// One journey in the browser against servers running on Node 24 (the embedded demo's server alone).
if (node24Env) {
  const e2e24 = run(
    "e2e journey on Node 24",
    "npx",
    ["playwright", "test", "-c", "e2e/playwright.config.ts", "--project", "embedded-demo"],
    {
      ...node24Env,
      E2E_DEMO_ONLY: "1",
      PLAYWRIGHT_JSON_OUTPUT_NAME: resolve(out, "playwright-node24.json"),
    },
  );
  const journey = readJson(`${out}/playwright-node24.json`);
  failedTests.push(...failedE2e(journey).map((name) => `Node 24: ${name}`));
  check("e2e journey on Node 24", e2e24 && (journey?.stats?.expected ?? 0) > 0);
}

if (failures.length > 0) console.log(`\nFailed: ${failures.join(", ")}`);
for (const name of failedTests) console.log(`  ✘ ${name}`);
if (existsSync(`${out}/playwright.json`)) console.log(`Server logs and reports are in ${out}/`);
console.log(`\n${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ""}`);
process.exit(tally.failed > 0 ? 1 : 0);
