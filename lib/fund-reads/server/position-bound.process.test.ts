import { afterEach, expect, it } from "vitest";
import { startDemoApi } from "../../demo-api/server";
import { demoEnv, endProcess, freshProcess } from "../../testing/fresh-process";
import { pgliteFolder } from "../../testing/pglite-folder";
import { testPrincipal } from "../../testing/principal";
import { testFolder } from "../../testing/test-folder";

// DIRECTORY_MAX_POSITIONS on a real upstream and store: what a process holds of the organization stays within it, on
// a build and on a start from the kept reads, and the funds past it are named as the directory names missing funds.

const folder = testFolder("fe-bound-");
afterEach(endProcess);

const modules = async () => ({
  store: await import("../../store/server"),
  organization: await import("./scoped-organization"),
  directory: await import("../../directory/server/reads"),
  kept: await import("./kept"),
  warm: await import("./warm"),
});

const everyone = { sort: null, q: "", type: [] };

it("holds the funds in order that fit within the bound and names the others, on a build and after a restart", async () => {
  const demo = await startDemoApi({ fundCount: 6, investorsPerFund: 4, seed: 5 });
  const user = testPrincipal();
  try {
    const listed = await (
      await fetch(`${demo.url}/customerapi/funds`, { headers: { authorization: `Bearer ${demo.token}` } })
    ).json();
    const ids = (listed as { id: string }[]).map((fund) => fund.id);
    const sizes = ids.map((id) => demo.store.listInvestors(id)!.length);
    // Exactly the first two funds fit: every later one is past it.
    const max = sizes[0]! + sizes[1]!;
    const env = demoEnv(demo, { DATABASE_DIR: pgliteFolder(folder), DIRECTORY_MAX_POSITIONS: String(max) });

    const expectBounded = async (run: Awaited<ReturnType<typeof modules>>) => {
      const page = await run.directory.directoryPage(user, everyone, 0, 1_000);
      expect(page.complete).toBe(true);
      expect(page.rows.reduce((positions, row) => positions + row.funds, 0)).toBe(max);
      expect(page.failedFunds.map((fund) => fund.id).sort()).toEqual(ids.slice(2).sort());
      expect(page.failedCount).toBe(ids.length - 2);
      for (const fund of page.failedFunds)
        expect(fund).toMatchObject({ status: 507, message: expect.stringContaining("DIRECTORY_MAX_POSITIONS") });
      const search = await run.directory.globalSearch(user, "a");
      expect(search.failedCount).toBe(ids.length - 2);
    };

    const first = await freshProcess(env, modules);
    await first.organization.organizationSnapshot(user);
    await first.organization.organizationBuilt(user);
    await expectBounded(first);
    await first.kept.keptWritesSettled();
    await endProcess();

    // A start serves every kept read, all six funds' of them: it holds the same two.
    const restarted = await freshProcess(env, modules);
    expect(await restarted.warm.warmFromStore()).toMatchObject({ funds: ids.length });
    // Held within the bound from the start's first answer, not only once its build has run.
    const early = await restarted.directory.directoryPage(user, everyone, 0, 1_000);
    expect(early.rows.reduce((positions, row) => positions + row.funds, 0)).toBeLessThanOrEqual(max);
    await restarted.organization.organizationSnapshot(user);
    await restarted.organization.organizationBuilt(user);
    await expectBounded(restarted);
  } finally {
    await demo.close();
  }
}, 90_000);
