import { afterEach, expect, it } from "vitest";
import { startDemoApi } from "../../demo-api/server";
import { eventually } from "../../testing/eventually";
import { demoEnv, endProcess, freshProcess } from "../../testing/fresh-process";
import { pgliteFolder } from "../../testing/pglite-folder";
import { testPrincipal } from "../../testing/principal";
import { testFolder } from "../../testing/test-folder";

// A stop halts the organization's reads: the upstream is asked for no more funds while the process drains what it
// read (a build of 2,003 funds kept reading through a stop and outlasted the bench's grace).

const folder = testFolder("fe-halt-");
afterEach(endProcess);

const modules = async () => ({
  store: await import("../../store/server"),
  organization: await import("./scoped-organization"),
  reads: await import("./organization"),
});

it("a build halted by a stop asks the upstream for no more funds, and is not taken for whole", async () => {
  const demo = await startDemoApi({ fundCount: 80, investorsPerFund: 2, seed: 13 });
  const user = testPrincipal();
  try {
    demo.controls.set({ latencyMs: 40 });
    const env = demoEnv(demo, { DATABASE_DIR: pgliteFolder(folder), DIRECTORY_CONCURRENCY: "2" });
    const run = await freshProcess(env, modules);
    await run.organization.organizationSnapshot(user);
    await eventually(async () =>
      expect((await run.organization.organizationSnapshot(user)).progress.read).toBeGreaterThan(4),
    );

    run.reads.haltBuilds();
    await run.organization.organizationBuilt(user);
    const asked = demo.controls.stats().requests;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(demo.controls.stats().requests).toBe(asked);
    // A request after the halt begins no build either; what was read stays, said to be incomplete.
    const after = await run.organization.organizationSnapshot(user);
    expect(after).toMatchObject({ complete: false, building: false });
    expect(after.progress.read).toBeGreaterThan(4);
    expect(after.progress.read).toBeLessThan(40);
    expect(demo.controls.stats().requests).toBe(asked);
  } finally {
    await demo.close();
  }
}, 60_000);
