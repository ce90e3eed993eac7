import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startDemoApi } from "../../demo-api/server";
import { demoEnv, endProcess, freshProcess } from "../../testing/fresh-process";
import { pgliteFolder } from "../../testing/pglite-folder";
import { testPrincipal } from "../../testing/principal";
import { testFolder } from "../../testing/test-folder";

// A restart serves the organization from the store as it loads: the directory answers from the first few hundred
// funds' kept reads, saying so, rather than after the whole organization; and it needs no upstream to be whole.

const folder = testFolder("fe-kept-start-");
afterEach(endProcess);

const modules = async () => ({
  store: await import("../../store/server"),
  warm: await import("./warm"),
  organization: await import("./scoped-organization"),
  reads: await import("./organization"),
  kept: await import("./kept"),
});

describe("a restart from the kept reads", () => {
  it("answers from the first kept reads with their progress, then is whole without the upstream", async () => {
    const demo = await startDemoApi({ fundCount: 600, investorsPerFund: 2, seed: 31 });
    const env = demoEnv(demo, { DATABASE_DIR: pgliteFolder(folder), DIRECTORY_CONCURRENCY: "8" });
    const user = testPrincipal();
    try {
      const first = await freshProcess(env, modules);
      await first.organization.organizationSnapshot(user);
      await first.organization.organizationBuilt(user);
      expect((await first.organization.organizationSnapshot(user)).complete).toBe(true);
      await first.kept.keptWritesSettled();
    } finally {
      await demo.close();
    }

    // The upstream is gone: whatever the restart shows comes from the store.
    const run = await freshProcess(env, modules);
    const warmed = run.warm.warmFromStore();
    const early = await run.organization.organizationSnapshot(user);
    // The first query's funds (50 of 600), said to be the kept reads still loading (and read meanwhile, so an index
    // made of them is not readied in the background: at 1,000,000 positions each one's sorts ran the heap out).
    expect(early.progress).toEqual({ read: 50, total: 600, loadingKept: true });
    expect(early.complete).toBe(false);
    expect(early.building).toBe(true);
    expect(early.states.filter((fund) => fund.status === "read").flatMap((fund) => fund.positions)).toHaveLength(100);

    // A fund page opened meanwhile reads one of the funds not served yet live: the round is still whole.
    const opened = early.states.find((fund) => fund.status === "pending")!;
    run.reads.acceptFundRead(opened.id, [], "read-live-meanwhile");

    expect(await warmed).toEqual({ funds: 600, positions: 1200 });
    const whole = await run.organization.organizationSnapshot(user);
    expect(whole.progress).toEqual({ read: 600, total: 600 });
    // Whole, with no build begun (it would have found the upstream gone and named every fund as unread).
    expect(whole.complete).toBe(true);
    expect(whole.building).toBe(false);
    expect(whole.failedFunds).toEqual([]);
    // The live read kept its place: the kept read that came after it did not overwrite it.
    expect(whole.states.flatMap((fund) => fund.positions)).toHaveLength(1198);
  }, 120_000);

  it("after a stop mid-read, asks the upstream only for the funds it had not kept", async () => {
    const demo = await startDemoApi({ fundSizes: [3, 4, 5, 6], fundCount: 4, seed: 7 });
    const env = demoEnv(demo, { DATABASE_DIR: pgliteFolder(mkdtempSync(join(folder, "part-"))) });
    const user = testPrincipal();
    try {
      // The first process keeps three funds' lists; the fourth fails, as if it had stopped before reading it.
      const headers = { Authorization: `Bearer ${demo.token}` };
      const ids = (await (await fetch(`${demo.url}/customerapi/funds`, { headers })).json()) as { id: string }[];
      const [unread, ...kept] = ids.map((fund) => fund.id);
      demo.controls.set({ fundFaults: { [unread!]: "error" } });
      const first = await freshProcess(env, modules);
      await first.organization.organizationSnapshot(user);
      await first.organization.organizationBuilt(user);
      await first.kept.keptWritesSettled();

      // Restarted while the upstream fails every fund it had kept: a read of any of them again would name it failed.
      demo.controls.set({ fundFaults: { [unread!]: null, ...Object.fromEntries(kept.map((id) => [id, "error"])) } });
      const before = demo.controls.stats().paths;
      const run = await freshProcess(env, modules);
      expect(await run.warm.warmFromStore()).toMatchObject({ funds: 3 });
      await run.organization.organizationSnapshot(user);
      await run.organization.organizationBuilt(user);
      const after = await run.organization.organizationSnapshot(user);
      expect(after).toMatchObject({ complete: true, progress: { read: 4, total: 4 }, failedFunds: [] });
      expect(after.states.flatMap((fund) => fund.positions)).toHaveLength(18);
      const asked = (id: string) => {
        const path = `/customerapi/funds/${id}/investors`;
        return (demo.controls.stats().paths[path] ?? 0) - (before[path] ?? 0);
      };
      expect(ids.map((fund) => asked(fund.id))).toEqual([1, 0, 0, 0]);
    } finally {
      await demo.close();
    }
  }, 120_000);
});
