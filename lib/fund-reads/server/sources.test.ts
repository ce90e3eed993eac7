import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseScope } from "../../access/scope";
import { startDemoApi, type DemoApi } from "../../demo-api/server";
import { endProcess, freshProcess } from "../../testing/fresh-process";
import { pgliteFolder } from "../../testing/pglite-folder";
import { testPrincipal } from "../../testing/principal";

// Two sources holding the same funds (two demo APIs on one seed: the same fund ids, other tokens), read as people of
// different scopes: every fund is two links, and each person sees their scope's part and nothing else.

const modules = async () => ({
  store: await import("../../store/server"),
  kept: await import("./kept"),
  rounds: await import("./organization"),
  state: await import("../../organization/server/state"),
  rows: await import("../../investors/server/rows"),
  funds: await import("../../data/funds"),
  directory: await import("../../directory/server/reads"),
  view: (await import("../../investors/search-params")).defaultInvestorView,
});

describe("several sources", () => {
  let north: DemoApi;
  let south: DemoApi;
  let folder: string;
  let env: Record<string, string | undefined>;
  let ids: string[];
  let organizations: string[];

  beforeAll(async () => {
    const config = { fundSizes: [3, 4, 5], fundCount: 3, seed: 11 };
    [north, south] = await Promise.all([startDemoApi(config), startDemoApi(config)]);
    const funds = (await (
      await fetch(`${north.url}/customerapi/funds`, { headers: { Authorization: `Bearer ${north.token}` } })
    ).json()) as { id: string; organization_name: string }[];
    ids = funds.map((fund) => fund.id);
    organizations = funds.map((fund) => fund.organization_name);
    folder = mkdtempSync(join(tmpdir(), "fe-sources-"));
    const tokenFile = join(folder, "south-token");
    writeFileSync(tokenFile, `${south.token}\n`);
    const sources = [
      { name: "north", baseUrl: north.url, token: { env: "NORTH_TEST_TOKEN" } },
      { name: "south", baseUrl: south.url, token: { file: tokenFile } },
    ];
    writeFileSync(join(folder, "sources.json"), JSON.stringify(sources));
    env = {
      CUSTOMER_API_BASE_URL: undefined,
      CUSTOMER_API_TOKEN: undefined,
      CUSTOMER_API_SOURCES_FILE: join(folder, "sources.json"),
      NORTH_TEST_TOKEN: north.token,
      DASHBOARD_AUTH: "none",
      DASHBOARD_PROXY_USER_HEADER: "x-user",
      DASHBOARD_PROXY_SECRET: "p".repeat(32),
      DATABASE_DIR: pgliteFolder(folder),
      DATABASE_URL: undefined,
      DIRECTORY_MATCH_SECRET: undefined,
    };
  }, 60_000);

  // Each test's reads written before its store closes: a close under load would otherwise wait on them.
  afterEach(endProcess, 60_000);
  afterAll(async () => {
    await Promise.all([north?.close(), south?.close()]);
    rmSync(folder, { recursive: true, force: true });
  });

  /** Every round and write of the run done, so its store closes at once. */
  const settle = async (run: Awaited<ReturnType<typeof modules>>) => {
    await run.rounds.ensureRounds();
    await run.kept.keptWritesSettled();
  };
  /** The funds a person's views cover, by ref, once every source's round is done. */
  const fundsOf = async (run: Awaited<ReturnType<typeof modules>>, person: ReturnType<typeof testPrincipal>) => {
    await settle(run);
    const state = await run.state.organizationState(person);
    const funds = await run.store.scopeFunds(state.scope);
    return funds.map((fund) => state.refOf(fund));
  };

  const scoped = (...written: string[]) => testPrincipal({ scope: parseScope(written, ["north", "south"]) });

  it("lists each source's funds under its own ref, and a person of one source sees only that source's", async () => {
    const run = await freshProcess(env, modules);
    const everyone = await fundsOf(run, testPrincipal());
    expect(everyone.sort()).toEqual([...ids.map((id) => `north~${id}`), ...ids.map((id) => `south~${id}`)].sort());
    const southOnly = await fundsOf(run, scoped("south/*"));
    expect(southOnly.sort()).toEqual(ids.map((id) => `south~${id}`).sort());
    expect((await run.funds.listFunds(scoped("south/*"))).map((fund) => fund.id).sort()).toEqual(
      ids.map((id) => `south~${id}`).sort(),
    );
    // An organization in one source: that source's funds of it only.
    const person = scoped(`north/${organizations[0]}`);
    const mine = await fundsOf(run, person);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.sort()).toEqual(
      ids
        .filter((_, at) => organizations[at] === organizations[0])
        .map((id) => `north~${id}`)
        .sort(),
    );
    await settle(run);
  }, 60_000);

  it("answers another source's fund, and an unknown one, with the same 404; the same id in scope is read", async () => {
    const run = await freshProcess(env, modules);
    const page = (person: ReturnType<typeof scoped>, ref: string) =>
      run.rows.investorRowsPage(person, ref, { view: run.view, offset: 0, limit: 10, sized: [] });
    const northOnly = scoped("north/*");
    expect(await page(northOnly, `north~${ids[1]}`)).toMatchObject({ total: 4 });
    const gone = { status: 404, kind: "fund_not_found", message: expect.stringMatching(/^Fund not available/) };
    await expect(page(northOnly, `south~${ids[1]}`)).rejects.toMatchObject(gone);
    await expect(page(northOnly, "south~00000000-0000-4000-8000-000000000000")).rejects.toMatchObject(gone);
    await expect(page(northOnly, "elsewhere~00000000-0000-4000-8000-000000000000")).rejects.toMatchObject(gone);
    // A bare id (a link pasted before the second source) is the fund of a source in the person's scope.
    expect(await page(scoped("south/*"), ids[2]!)).toMatchObject({ total: 5 });
    await settle(run);
  }, 60_000);

  it("matches a person across funds only within the scope: the directory of one source counts that source alone", async () => {
    const run = await freshProcess(env, modules);
    const view = { sort: null, q: "", type: [] };
    const whole = async (person: ReturnType<typeof scoped>) => {
      await settle(run);
      return run.directory.directoryPage(person, view, 0, 1000);
    };
    const everyone = await whole(testPrincipal());
    const southOnly = await whole(scoped("south/*"));
    const positions = (page: typeof everyone) => page.rows.reduce((sum, row) => sum + row.funds, 0);
    expect(positions(southOnly)).toBe(12);
    expect(positions(everyone)).toBe(24);
    await settle(run);
  }, 60_000);
});
