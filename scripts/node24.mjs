// Node 24 LTS for the tests that show the project runs on it as well as on Node 20: the npm registry's `node`
// package (it ships the binary), installed once into a cache outside the checkout and reused by later runs.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export const node24Version = "24.21.0";

/** The folder holding Node 24's `node`, installed into the cache when missing; null when it cannot be had. */
export function ensureNode24() {
  const cache = process.env.NODE24_CACHE || join(homedir(), ".cache", "fund-explorer", `node-${node24Version}`);
  const bin = join(cache, "node_modules", ".bin");
  const works = () =>
    existsSync(join(bin, "node")) &&
    spawnSync(join(bin, "node"), ["--version"], { encoding: "utf8" }).stdout?.trim() === `v${node24Version}`;
  if (works()) return bin;
  console.log(`Installing Node ${node24Version} (npm's node package) into ${cache}`);
  const installed = spawnSync(
    "npm",
    ["install", "--no-audit", "--no-fund", "--no-save", "--prefix", cache, `node@${node24Version}`],
    { stdio: "inherit" },
  );
  return installed.status === 0 && works() ? bin : null;
}
