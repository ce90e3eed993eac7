import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pgliteFolder } from "../lib/testing/pglite-folder";

// `npm run snapshot` on the embedded demo (two of its funds' lists fail by design) into a store of its own.
describe("npm run snapshot", () => {
  it("keeps every fund it can read, exits 1 naming each fund it could not, and answers the same when run again", () => {
    const folder = mkdtempSync(join(tmpdir(), "fe-snapshot-"));
    const dir = pgliteFolder(folder);
    const run = () =>
      spawnSync("npx", ["tsx", "--conditions=react-server", "scripts/snapshot.mts"], {
        encoding: "utf8",
        env: { ...process.env, CUSTOMER_API_BASE_URL: "", DATABASE_URL: "", DATABASE_DIR: dir },
        timeout: 120_000,
      });
    try {
      const first = run();
      expect(first.status).toBe(1);
      expect(first.stdout).toMatch(/22 of 24 funds read/);
      expect(first.stderr).toMatch(/2 could not be read:/);
      expect(first.stderr).toMatch(/Northwind Ventures Fund I \(.+\): The Customer API failed \(HTTP 500\)/);
      expect(first.stderr).toMatch(/Lumen Foods Growth SPV.*not JSON/);
      // The same organization again, over the reads kept by the first run.
      const again = run();
      expect(again.status).toBe(1);
      expect(again.stdout).toMatch(/22 of 24 funds read/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 240_000);
});
