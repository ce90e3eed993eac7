import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startDemoApi } from "../../demo-api/server";
import { demoEnv, endProcess, freshProcess } from "../../testing/fresh-process";
import { pgliteFolder } from "../../testing/pglite-folder";
import { testPrincipal } from "../../testing/principal";
import { testFolder } from "../../testing/test-folder";

// A first start on an embedded folder not made yet: nothing can be kept in it, so the start does not wait for its
// initdb (6.4 s of one core here) before the live reads begin.

const folder = testFolder("fe-warm-");
afterEach(endProcess);

/** A process on the demo API with an embedded store, and these settings. */

describe("a start on a new embedded store", () => {
  it("warms from nothing at once, reads the organization live, and keeps its reads once the folder is made", async () => {
    const demo = await startDemoApi({ fundSizes: [30, 20], fundCount: 2, seed: 5 });
    try {
      const run = await freshProcess(demoEnv(demo, { DATABASE_DIR: join(folder, "db") }), async () => ({
        store: await import("../../store/server"),
        warm: await import("./warm"),
        organization: await import("./scoped-organization"),
        kept: await import("./kept"),
      }));
      expect(await run.warm.warmFromStore()).toBeNull();
      // Answered before the store had opened: the folder's initdb was not waited for.
      expect(run.store.storeStatus().state).not.toBe("ready");
      const user = testPrincipal();
      await run.organization.organizationSnapshot(user);
      await run.organization.organizationBuilt(user);
      const built = await run.organization.organizationSnapshot(user);
      expect(built.complete).toBe(true);
      await run.kept.keptWritesSettled();
      const kept = await run.kept.keptOrganization("default");
      expect(kept?.lists.map((list) => list.positions.length).sort((a, b) => a - b)).toEqual([20, 30]);
    } finally {
      await demo.close();
    }
  }, 60_000);

  it("reads an organization faster than the store keeps it with at most KEPT_WRITES_MAX_ROWS waiting, and keeps every fund", async () => {
    const demo = await startDemoApi({ fundCount: 100, investorsPerFund: 40, seed: 9 });
    try {
      const run = await freshProcess(
        demoEnv(demo, {
          DATABASE_DIR: pgliteFolder(folder),
          DIRECTORY_CONCURRENCY: "4",
          KEPT_WRITES_MAX_ROWS: "1000",
        }),
        async () => ({
          store: await import("../../store/server"),
          organization: await import("./scoped-organization"),
          kept: await import("./kept"),
          queue: await import("./write-queue"),
        }),
      );
      const user = testPrincipal();
      await run.organization.organizationSnapshot(user);
      await run.organization.organizationBuilt(user);
      // 4,000 records read; at most the bound and the four lists being read past it waited at once.
      expect(run.queue.queuedRows().peak).toBeGreaterThanOrEqual(1_000);
      expect(run.queue.queuedRows().peak).toBeLessThanOrEqual(1_000 + 4 * 40);
      await run.kept.keptWritesSettled();
      const kept = await run.kept.keptOrganization("default");
      expect(kept?.lists).toHaveLength(100);
      expect(kept?.lists.every((list) => list.positions.length === 40)).toBe(true);
    } finally {
      await demo.close();
    }
  }, 120_000);
});
