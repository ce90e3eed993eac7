import { afterEach, expect, it } from "vitest";
import { startDemoApi } from "../../demo-api/server";
import { eventually } from "../../testing/eventually";
import { demoEnv, endProcess, freshProcess } from "../../testing/fresh-process";
import { pgliteFolder } from "../../testing/pglite-folder";
import { testPrincipal } from "../../testing/principal";
import { testFolder } from "../../testing/test-folder";

// A stop halts the organization's reads: the upstream is asked for no more funds while the process drains what it
// read, and the next start resumes the round where it stopped rather than reading every fund again.

const folder = testFolder("fe-halt-");
afterEach(endProcess);

const modules = async () => ({
  store: await import("../../store/server"),
  kept: await import("./kept"),
  state: await import("../../organization/server/state"),
  rounds: await import("./organization"),
});

it("a round halted by a stop asks the upstream for no more funds, is not taken for whole, and is resumed", async () => {
  const demo = await startDemoApi({ fundCount: 80, investorsPerFund: 2, seed: 13 });
  const user = testPrincipal();
  try {
    demo.controls.set({ latencyMs: 40 });
    const env = demoEnv(demo, { DATABASE_DIR: pgliteFolder(folder), DIRECTORY_CONCURRENCY: "2" });
    const run = await freshProcess(env, modules);
    void run.rounds.ensureRounds();
    await eventually(async () => expect((await run.state.organizationState(user)).progress.read).toBeGreaterThan(4));

    run.rounds.haltBuilds();
    await run.rounds.ensureRounds();
    await run.kept.keptWritesSettled();
    const asked = demo.controls.stats().requests;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(demo.controls.stats().requests).toBe(asked);
    // A request after the halt begins no round either; what was read stays, said to be incomplete.
    const after = await run.state.organizationState(user);
    expect(after.complete).toBe(false);
    expect(after.progress.read).toBeGreaterThan(4);
    expect(after.progress.read).toBeLessThan(40);
    expect(demo.controls.stats().requests).toBe(asked);

    // The next process resumes the round: it reads the funds the first did not, not those it did.
    const read = after.progress.read;
    const next = await freshProcess(env, modules);
    demo.controls.set({ latencyMs: 0 });
    await next.rounds.ensureRounds();
    await next.kept.keptWritesSettled();
    const whole = await next.state.organizationState(user);
    expect(whole).toMatchObject({ complete: true, progress: { read: 80, total: 80 } });
    // The funds list once, and each fund's record and list only for the funds not read before.
    expect(demo.controls.stats().requests - asked).toBeLessThanOrEqual(1 + (80 - read) * 2 + 2);
  } finally {
    await demo.close();
  }
}, 90_000);
