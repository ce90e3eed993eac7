import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { dumpDatabase } from "../../../scripts/postgres-server.mjs";
import { startDemoApi, type DemoApi } from "../../demo-api/server";
import { testDatabase } from "../../store/server/test-stores";
import { eventually } from "../../testing/eventually";
import { endProcess, freshProcess } from "../../testing/fresh-process";
import { pgliteFolder } from "../../testing/pglite-folder";
import { testPrincipal } from "../../testing/principal";

// The reads of a real Customer API (the demo, in the spec's field-reference shape: full tax ids and account numbers),
// kept in a real store of each kind, and served from it by a process that starts afterwards.

const user = testPrincipal();

/** Every value under a secret key, at any depth, of what the upstream sent: none may be kept. */
function secretsOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => secretsOf(item, found));
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) {
      if (/^(tax_id|account_number)$/.test(key) && (typeof item === "string" || typeof item === "number"))
        found.push(String(item));
      else secretsOf(item, found);
    }
  return found;
}

function expectNoneOf(secrets: string[], text: string) {
  expect(secrets.length).toBeGreaterThan(100);
  expect(secrets.filter((secret) => text.includes(secret))).toEqual([]);
}

type Process = Awaited<ReturnType<typeof modules>>;

const modules = async () => ({
  store: await import("../../store/server"),
  rounds: await import("./organization"),
  state: await import("../../organization/server/state"),
  lists: await import("../../investors/server/list-cache"),
  rows: await import("../../investors/server/rows"),
  changes: await import("../../changes/server/changes"),
  history: await import("../../history/server/history"),
  directory: await import("../../directory/server/reads"),
  kept: await import("./kept"),
  forget: await import("./forget"),
  funds: await import("./funds"),
  records: await import("./records"),
  sources: await import("../../data/sources"),
});

/** A fresh "process": every module and every process-wide value anew, the environment as given. */
const processWith = (env: Record<string, string | undefined>): Promise<Process> => freshProcess(env, modules);

/** A process that has read the whole organization and kept every read. */
async function filledProcess(env: Record<string, string | undefined>): Promise<Process> {
  // Past the Refresh throttle (1 s here) of the test before's round.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const run = await processWith(env);
  await run.rounds.ensureRounds({ refresh: true });
  await run.kept.keptWritesSettled();
  return run;
}

const everyone = { sort: null, q: "", type: [] };
/** How many positions the person's directory holds (an investor's funds, summed). */
async function directoryPositions(run: Process) {
  const page = await run.directory.directoryPage(user, everyone, 0, 500);
  expect(page.rows.length).toBe(page.matched);
  return page.rows.reduce((sum, row) => sum + row.funds, 0);
}

/** Each fund's newest kept list, whole records and all, as a fund page reads it from the store. */
async function keptRecords(run: Process, fundIds: readonly string[]) {
  const fingerprint = await run.sources.fingerprintOf("default");
  const lists = await Promise.all(
    fundIds.map((id) =>
      run.kept.keptFundList({
        ref: run.sources.refOf("default", id),
        source: "default",
        storeKey: run.sources.storeKeyOf(fingerprint, id),
      }),
    ),
  );
  return lists.filter((list) => list !== null);
}

/** The kept-reads suite on one store driver: each driver its own test file, so the two run side by side. */
export function describeKeptReads(driver: "pglite" | "postgres") {
  describe(`kept reads on ${driver}`, () => {
    let demo: DemoApi;
    let folder: string;
    let env: Record<string, string | undefined>;
    let funds: { id: string; investor_count: number }[];
    let secrets: string[];

    beforeAll(async () => {
      demo = await startDemoApi({ shape: "reference", fundSizes: [40, 300], fundCount: 2, seed: 7 });
      funds = (await (
        await fetch(`${demo.url}/customerapi/funds`, { headers: { Authorization: `Bearer ${demo.token}` } })
      ).json()) as typeof funds;
      const lists = await Promise.all(
        funds.map(async (fund) =>
          (
            await fetch(`${demo.url}/customerapi/funds/${fund.id}/investors`, {
              headers: { Authorization: `Bearer ${demo.token}` },
            })
          ).json(),
        ),
      );
      secrets = secretsOf(lists).filter((secret) => secret.replace(/\D/g, "").length >= 9);
      folder = mkdtempSync(join(tmpdir(), "fe-kept-"));
      env = {
        CUSTOMER_API_BASE_URL: demo.url,
        CUSTOMER_API_TOKEN: demo.token,
        DASHBOARD_AUTH: "none",
        DASHBOARD_PROXY_USER_HEADER: "x-user",
        DASHBOARD_PROXY_SECRET: "p".repeat(32),
        DATABASE_DIR: driver === "pglite" ? pgliteFolder(folder) : join(folder, "db"),
        DATABASE_URL: driver === "postgres" ? await testDatabase() : undefined,
        DIRECTORY_MATCH_SECRET: driver === "postgres" ? "k".repeat(40) : undefined,
        INVESTOR_LIST_CACHE_SECONDS: undefined,
        // A test's Refresh reads again what the test before read a moment ago (the same store).
        INVESTOR_LIST_REFRESH_SECONDS: "1",
      };
    }, 60_000);

    afterEach(endProcess);

    afterAll(async () => {
      await demo?.close();
      rmSync(folder, { recursive: true, force: true });
    });

    it("keeps every read masked, and a restarted process answers from the store at once, whatever the upstream does", async () => {
      const first = await filledProcess(env);
      expect(await directoryPositions(first)).toBe(340);
      const kept = await keptRecords(
        first,
        funds.map((fund) => fund.id),
      );
      expect(kept.map((list) => list.investors.length).sort((a, b) => a - b)).toEqual([40, 300]);
      // Masked before it was written, with the keyed tax hash the directory matches by.
      expectNoneOf(secrets, JSON.stringify(kept.flatMap((list) => list.investors)));
      expect(kept[0]!.taxKeys.every((taxKey) => taxKey === null || taxKey.length > 20)).toBe(true);
      if (driver === "postgres") expectNoneOf(secrets, await dumpDatabase(env.DATABASE_URL!));
      if (driver === "pglite") expect(statSync(join(folder, "match-secret")).mode & 0o777).toBe(0o600);
      await first.store.closeStore();

      // Restarted past the lists' age (0 s) with the upstream answering after a minute: the directory and a kept
      // fund's rows answer from the store before any live read.
      demo.controls.set({ latencyMs: 60_000 });
      const restarted = await processWith({ ...env, INVESTOR_LIST_CACHE_SECONDS: "0" });
      const started = Date.now();
      const organization = await restarted.state.organizationState(user);
      expect(organization.complete).toBe(true);
      expect(await directoryPositions(restarted)).toBe(340);
      const big = funds.find((fund) => fund.investor_count === 300)!.id;
      const page = await restarted.rows.investorRowsPage(user, big, {
        view: (await import("../../investors/search-params")).defaultInvestorView,
        offset: 0,
        limit: 10,
        sized: [],
      });
      expect(page).toMatchObject({ kept: true, complete: true, total: 300 });
      // The fund's own page and an investor's page too: the kept records, "as of" their read.
      const fund = await restarted.records.fundRead(user, big);
      expect(fund).toMatchObject({ value: { id: big }, keptAt: expect.any(Number) });
      const someone = page.rows[0]!.id;
      const investor = await restarted.records.investorRead(user, big, someone);
      expect(investor).toMatchObject({ value: { id: someone }, keptAt: expect.any(Number) });
      expectNoneOf(secrets, JSON.stringify([fund, investor]));
      expect(Date.now() - started).toBeLessThan(10_000);
      // The live read the page began lands with the same content: the same version, no longer kept.
      demo.controls.set({ latencyMs: 0 });
      const { vi } = await import("vitest");
      const live = await vi.waitFor(
        async () => {
          const index = await restarted.lists.investorIndex(user, big);
          expect(index.kept).toBe(false);
          return index;
        },
        { timeout: 90_000, interval: 100 },
      );
      expect(live.version).toBe(page.version);
      await restarted.kept.keptWritesSettled();
      await restarted.store.closeStore();
    }, 180_000);

    it("a process restarted within the refresh intervals serves the kept reads as its own and reads nothing again", async () => {
      await filledProcess(env);
      const asked = () => demo.controls.stats().requests;
      const before = asked();
      const restarted = await processWith(env);
      const organization = await restarted.state.organizationState(user);
      expect(organization).toMatchObject({ complete: true, kept: null });
      const big = funds.find((fund) => fund.investor_count === 300)!.id;
      const view = (await import("../../investors/search-params")).defaultInvestorView;
      const page = await restarted.rows.investorRowsPage(user, big, { view, offset: 0, limit: 10, sized: [] });
      expect(page).toMatchObject({ kept: false, complete: true, total: 300 });
      // Neither the organization nor the fund's list was asked of the upstream again.
      await restarted.rounds.ensureRounds();
      expect(asked()).toBe(before);
    }, 60_000);

    it("forgets a person: every kept position with their email or their keyed tax hash, from every read and view", async () => {
      const run = await processWith(env);
      const ids = funds.map((fund) => fund.id);
      const kept = await keptRecords(run, ids);
      const at = kept[0]!.taxKeys.findIndex((taxKey) => taxKey !== null);
      const taxKey = kept[0]!.taxKeys[at];
      const email = (kept[0]!.investors[at] as { primary_contact?: { email?: string } }).primary_contact?.email;
      expect(email).toBeTruthy();
      const found = (q: string) => run.directory.directoryPage(user, { sort: null, q, type: [] }, 0, 10);
      expect((await found(email!)).matched).toBe(1);
      const { positions: removed } = await run.forget.forgetPerson(email!.toUpperCase());
      expect(removed).toBeGreaterThanOrEqual(1);
      const after = await keptRecords(run, ids);
      expect(after.some((list) => list.taxKeys.includes(taxKey!))).toBe(false);
      expect(JSON.stringify(after.map((list) => list.investors))).not.toContain(email!);
      // Nor do the views: the directory no longer finds them, and holds the remaining positions exactly.
      expect((await found(email!)).matched).toBe(0);
      expect(await directoryPositions(run)).toBe(after.reduce((sum, list) => sum + list.investors.length, 0));
      // One audit row: the operator and the count, never the email forgotten.
      const { everything } = await import("../../access/scope");
      const filter = { person: "", action: "forget", fundId: null, investorId: null, from: null, to: null };
      const audit = await run.store.auditEventsPage({ filter, scope: everything, offset: 0, limit: 10, upTo: null });
      expect(audit.rows).toEqual([
        expect.objectContaining({ actor: expect.stringMatching(/^cli:/), method: "cli", outcome: "done" }),
      ]);
      expect(audit.rows[0]!.detail).toMatch(new RegExp(`^removed ${removed} kept position`));
      expect(JSON.stringify(audit.rows).toLowerCase()).not.toContain(email!.toLowerCase());
      await run.store.closeStore();
    }, 60_000);

    it("filled from one upstream, then restarted on another (another token): no fund of the first is served", async () => {
      await filledProcess(env);
      const other = await startDemoApi({ shape: "reference", fundSizes: [5], fundCount: 1, seed: 8 });
      try {
        const restarted = await processWith({
          ...env,
          CUSTOMER_API_BASE_URL: other.url,
          CUSTOMER_API_TOKEN: other.token,
        });
        // What a start does: the first source's funds leave the views.
        expect(await restarted.rounds.retireUnconfigured()).toBe(2);
        const firstIds = funds.map((fund) => fund.id);
        const view = (await import("../../investors/search-params")).defaultInvestorView;
        for (const id of firstIds) {
          const gone = { status: 404, kind: "fund_not_found" };
          await expect(
            restarted.rows.investorRowsPage(user, id, { view, offset: 0, limit: 10, sized: [] }),
          ).rejects.toMatchObject(gone);
          await expect(restarted.changes.fundChanges(user, id, "30d")).rejects.toMatchObject(gone);
          await expect(restarted.history.fundHistory(user, id)).rejects.toMatchObject(gone);
        }
        await restarted.rounds.ensureRounds();
        await restarted.kept.keptWritesSettled();
        const search = await restarted.directory.globalSearch(user, "a");
        expect(search.funds.filter((fund) => firstIds.includes(fund.id))).toEqual([]);
        // The directory holds the new upstream's one fund of 5 investors, and nothing of the first.
        expect(await directoryPositions(restarted)).toBe(5);
      } finally {
        await other.close();
      }
    }, 60_000);

    it("a fund the upstream answers 404 for leaves the views and stops being served from the kept reads", async () => {
      await filledProcess(env);
      const small = funds.find((fund) => fund.investor_count === 40)!.id;
      const positions = await directoryPositions(await processWith(env));
      demo.controls.set({ fundFaults: { [small]: "gone" } });
      try {
        const restarted = await processWith({ ...env, INVESTOR_LIST_CACHE_SECONDS: "0" });
        const view = (await import("../../investors/search-params")).defaultInvestorView;
        const page = () => restarted.rows.investorRowsPage(user, small, { view, offset: 0, limit: 10, sized: [] });
        // Kept, and served as kept until a live read says otherwise (the forget test before took a person out).
        expect(await page()).toMatchObject({ kept: true, total: expect.any(Number) });
        const gone = { status: 404, kind: "fund_not_found" };
        await expect(restarted.funds.readFund(user, small)).rejects.toMatchObject(gone);
        await expect(page()).rejects.toMatchObject(gone);
        await expect(restarted.changes.fundChanges(user, small, "30d")).rejects.toMatchObject(gone);
        await expect(restarted.history.fundHistory(user, small)).rejects.toMatchObject(gone);
        await restarted.kept.keptWritesSettled();
        // The 404 is kept with the read model: the directory drops the fund's positions, now and after a restart.
        expect(await directoryPositions(restarted)).toBeLessThan(positions);
        const again = await processWith({ ...env, INVESTOR_LIST_CACHE_SECONDS: "0" });
        const state = await again.state.organizationState(user);
        expect((await again.store.scopeFunds(state.scope)).map((fund) => fund.fundId)).not.toContain(small);
      } finally {
        demo.controls.set({ fundFaults: { [small]: null } });
      }
    }, 90_000);

    it("a held list let go by the memory bound comes back from the store when its fund is opened again", async () => {
      const big = await startDemoApi({ fundSizes: [9_000, 9_000], fundCount: 2, seed: 9 });
      try {
        // 16 MB holds about 8,000 records: the second list of 9,000 lets the first go.
        const run = await processWith({
          ...env,
          CUSTOMER_API_BASE_URL: big.url,
          CUSTOMER_API_TOKEN: big.token,
          HELD_LISTS_MB: "16",
        });
        const [first, second] = (await run.funds.readFunds(user)).map((fund) => fund.id);
        const view = (await import("../../investors/search-params")).defaultInvestorView;
        const page = (ref: string) => run.rows.investorRowsPage(user, ref, { view, offset: 0, limit: 10, sized: [] });
        const whole = async (ref: string) => run.lists.investorIndex(user, ref);
        await whole(first!);
        await whole(second!);
        await run.kept.keptWritesSettled();
        expect(await run.lists.heldInvestorIndex(user, first!)).toBeNull();
        const asked = big.controls.stats().requests;
        // Its first screen may come first, while the whole kept list loads; then the whole list.
        await eventually(async () => expect(await page(first!)).toMatchObject({ total: 9_000, complete: true }));
        // From the store, not the upstream.
        expect(big.controls.stats().requests).toBe(asked);
      } finally {
        await big.close();
      }
    }, 120_000);
  });
}
