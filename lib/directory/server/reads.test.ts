import { afterEach, expect, it } from "vitest";
import { startDemoApi } from "../../demo-api/server";
import { eventually } from "../../testing/eventually";
import { demoEnv, endProcess, freshProcess } from "../../testing/fresh-process";
import { pgliteFolder } from "../../testing/pglite-folder";
import { testPrincipal } from "../../testing/principal";
import { testFolder } from "../../testing/test-folder";

// The header's search while the organization is read: its answer says how far the reading is and names the funds
// that could not be read, so "nothing matches" is never taken for the whole answer while funds are missing.

const folder = testFolder("fe-search-");
afterEach(endProcess);

const modules = async () => ({
  store: await import("../../store/server"),
  organization: await import("../../fund-reads/server/scoped-organization"),
  directory: await import("./reads"),
});

it("says the funds are still being read while one hangs, then names it once it could not be read", async () => {
  const demo = await startDemoApi({ fundCount: 6, investorsPerFund: 3, seed: 21 });
  const user = testPrincipal();
  try {
    const hung = demo.store.funds[2]!;
    demo.controls.set({ fundFaults: { [hung.id]: "hang" } });
    const env = demoEnv(demo, { DATABASE_DIR: pgliteFolder(folder), CUSTOMER_API_TIMEOUT_MS: "1500" });
    const run = await freshProcess(env, modules);
    await eventually(async () =>
      expect(await run.directory.globalSearch(user, "a")).toMatchObject({
        reading: { read: 5, total: 6 },
        failedFunds: [],
        failedCount: 0,
      }),
    );

    await run.organization.organizationBuilt(user);
    const after = await run.directory.globalSearch(user, "a");
    expect(after.reading).toBeNull();
    expect(after.failedCount).toBe(1);
    expect(after.failedFunds).toEqual([
      expect.objectContaining({ id: hung.id, status: 504, message: expect.stringMatching(/did not answer/) }),
    ]);
  } finally {
    await demo.close();
  }
}, 60_000);
