// Builds when needed, then serves a private copy of the build: others rebuilding .next mid-run must not change it.
import { cpSync, existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync } from "node:fs";
import os from "node:os";
import { join, resolve } from "node:path";
import { logDir, procTable, start } from "./servers.mjs";

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const buildId = () => (existsSync(".next/BUILD_ID") ? readFileSync(".next/BUILD_ID", "utf8").trim() : null);
// Only what the server reads: no build cache, traces or generated types.
const SKIP = new Set(["cache", "trace", "trace-build", "types", "dev"]);

/** The working directory of a process, or null once it is gone. */
function cwdOf(pid) {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return null;
  }
}

/**
 * True while a `next build` runs in this checkout; copying or building over it would mix two builds. Builds of other
 * checkouts on the machine (another worktree) are not waited for.
 */
function buildRunning() {
  const here = resolve(".");
  return procTable().some(
    (proc) => / next build\b/.test(` ${proc.cmdline}`) && proc.pid !== process.pid && cwdOf(proc.pid) === here,
  );
}

async function waitForBuilds(log) {
  for (let waited = 0; buildRunning(); waited += 5) {
    if (waited >= 900) throw new Error("another `next build` has been running for 15 minutes");
    if (waited % 60 === 0) log(`another \`next build\` is running in this checkout; waiting for it (${waited} s)`);
    await sleep(5000);
  }
}

async function ensureBuild(log) {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await waitForBuilds(log);
    if (buildId()) return;
    log(
      `.next/BUILD_ID is missing: running \`npx next build\` (attempt ${attempt}); output in ${logDir}next-build.log`,
    );
    const code = await new Promise((done) =>
      start("next-build", "npx", ["next", "build"], { NEXT_TELEMETRY_DISABLED: "1" }).once("exit", done),
    );
    if (code === 0 && buildId()) return;
    log(`next build exited with ${code}; retrying in 30 s`);
    await sleep(30_000);
  }
  throw new Error(`could not build the app (npx next build failed three times; see ${logDir}next-build.log)`);
}

/**
 * Copies .next (without its cache), next.config.mjs and what it imports to a temporary project folder whose node_modules, package.json
 * and public link back here; the app server then serves one fixed build for the whole run.
 */
export async function snapshotBuild(log) {
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await ensureBuild(log);
    const id = buildId();
    const builtAt = statSync(".next/BUILD_ID").mtime.toISOString();
    const dir = mkdtempSync(join(os.tmpdir(), "fund-explorer-bench-"));
    try {
      cpSync(".next", join(dir, ".next"), {
        recursive: true,
        verbatimSymlinks: true,
        filter: (source) =>
          !SKIP.has(
            resolve(source)
              .slice(resolve(".next").length + 1)
              .split("/")[0],
          ),
      });
      cpSync("next.config.mjs", join(dir, "next.config.mjs"));
      // next.config.mjs imports the security-header list from lib/.
      cpSync("lib/http/security-headers.mjs", join(dir, "lib", "http", "security-headers.mjs"));
      // The store opens from the working directory: the embedded store's process and the SQL migrations.
      for (const name of ["pglite-child.mjs", "folder-lock.mjs", "migrations"])
        cpSync(join("lib/store", name), join(dir, "lib", "store", name), { recursive: true });
      // xlsx files are written by a worker thread started from its script and the modules it imports.
      for (const name of ["sheet-worker.mjs", "sheet-writer.mjs", "cell.mjs"])
        cpSync(join("lib/xlsx", name), join(dir, "lib", "xlsx", name));
      for (const name of ["node_modules", "package.json", "public"]) symlinkSync(resolve(name), join(dir, name));
    } catch (error) {
      log(`copying the build failed (${error.message}); retrying`);
    }
    // A build that started or finished during the copy leaves a mix of two builds: throw the copy away and retry.
    const copied = existsSync(join(dir, ".next/BUILD_ID"))
      ? readFileSync(join(dir, ".next/BUILD_ID"), "utf8").trim()
      : null;
    if (copied === id && buildId() === id && !buildRunning()) {
      log(`serving a snapshot of build ${id} (built ${builtAt}) from ${dir}`);
      return { dir, buildId: id, builtAt, remove: () => rmSync(dir, { recursive: true, force: true }) };
    }
    rmSync(dir, { recursive: true, force: true });
    log(`the build changed while it was being copied; retrying (${attempt})`);
    await sleep(5000);
  }
  throw new Error("could not take a consistent snapshot of .next (it kept changing)");
}
