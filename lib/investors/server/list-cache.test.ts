import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { defaultInvestorView } from "../search-params";
import { testPrincipal } from "../../testing/principal";
import { eventually } from "@/lib/testing/eventually";

const listInvestors = vi.fn();
// When set, the read stops after handing over its records and ends only when this settles (a list still arriving).
let holdRead: Promise<void> | null = null;
// The upstream read, as a whole list handed record by record to the caller's collector.
type Collect = () => { add(item: unknown, derived: unknown): void; done(): unknown };
vi.mock("../../customer-api", async (original) => ({
  ...(await original<typeof import("../../customer-api")>()),
  collectInvestors: async (_source: string, fundId: string, collect: Collect) => {
    const collector = collect();
    const investors = (await listInvestors(fundId)) as unknown[];
    for (const investor of investors) collector.add(investor, undefined);
    if (holdRead) await holdRead;
    // The digest of the content, as the real reader works it out: the same data, the same version.
    return { value: collector.done(), digest: createHash("sha256").update(JSON.stringify(investors)).digest("hex") };
  },
  // The fund's record, read with each list for its figures.
  getFund: async (_source: string, id: string) => ({ id, name: "Fund A", calculation_method: null }),
}));
// Each test starts as an instance with nothing kept (a list written to the store by the test before is not held),
// unless it says what the store gives: the fund's whole kept list, and its first records from their own query.
let keptWhole: () => Promise<unknown> = async () => null;
let keptStart: () => Promise<unknown> = async () => null;
vi.mock("../../fund-reads/server/kept", async (original) => ({
  ...(await original<typeof import("../../fund-reads/server/kept")>()),
  keptFundList: () => keptWhole(),
  keptFundListStart: () => keptStart(),
}));
// The one source's fingerprint, without starting the embedded demo it would otherwise be.
vi.mock("../../customer-api/upstream", () => ({ getUpstream: async () => ({ name: "default", fingerprint: "fp" }) }));

const user = testPrincipal();
const fundId = "11111111-1111-4111-8111-111111111111";
const list = (tag: string) => [{ id: `${tag}-1` }, { id: `${tag}-2` }];
// The first `count` records of a fund's kept list of 5,000, as the store gives them, last seen at `seenAt`.
const records = Array.from({ length: 5_000 }, (_, i) => ({ id: `kept-${i}` }));
const keptList = (count: number, seenAt: number) => ({
  fundId,
  fund: { id: fundId, name: "Fund A", calculation_method: null },
  investors: records.slice(0, count),
  taxKeys: records.slice(0, count).map(() => null),
  digest: "kept-digest",
  seenAt,
});
const firstIdOf = async (index: Promise<{ investors: readonly { id: string }[] }>) => (await index).investors[0]!.id;

describe("investorIndex", () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-21T12:00:00Z"));
    listInvestors.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  async function load() {
    // A fresh module (and so a fresh set of held lists), as another instance or a restarted one has.
    vi.resetModules();
    for (const name of ["fund-list-reads", "fund-list-listeners", "investor-indexes"])
      (globalThis as Record<symbol, unknown>)[Symbol.for(`fund-explorer.${name}`)] = undefined;
    const cache = await import("./list-cache");
    const rows = await import("./rows");
    return {
      rowsPage: (type: string[]) =>
        rows.investorRowsPage(user, fundId, {
          view: { ...defaultInvestorView, type },
          offset: 0,
          limit: 10,
          sized: [],
        }),
      investorIndex: (fundId: string, options?: Parameters<typeof cache.investorIndex>[2]) =>
        cache.investorIndex(user, fundId, options),
      heldInvestorIndex: (fundId: string) => cache.heldInvestorIndex(user, fundId),
      investorIndexOrEarly: (fundId: string) => cache.investorIndexOrEarly(user, fundId),
    };
  }

  it("shares one fetch between concurrent requests", async () => {
    const { investorIndex } = await load();
    listInvestors.mockResolvedValue(list("a"));
    const [one, two] = await Promise.all([investorIndex(fundId), investorIndex(fundId)]);
    expect(one).toBe(two);
    expect(listInvestors).toHaveBeenCalledTimes(1);
  });

  it("answers with the held list past its age while the next one loads, then with the new one", async () => {
    const { investorIndex } = await load();
    listInvestors.mockResolvedValueOnce(list("old"));
    expect(await firstIdOf(investorIndex(fundId))).toBe("old-1");
    vi.setSystemTime(new Date("2026-11-21T12:01:01Z"));
    let arrive: (value: unknown) => void = () => undefined;
    listInvestors.mockReturnValueOnce(new Promise((resolve) => (arrive = resolve)));
    expect(await firstIdOf(investorIndex(fundId))).toBe("old-1");
    expect(listInvestors).toHaveBeenCalledTimes(2);
    arrive(list("new"));
    await eventually(async () => expect(await firstIdOf(investorIndex(fundId))).toBe("new-1"));
    expect(listInvestors).toHaveBeenCalledTimes(2);
  });

  it("makes Refresh wait for a new list, keeps the one before for its pages, and refuses a changed list with 409", async () => {
    const { investorIndex } = await load();
    listInvestors.mockResolvedValueOnce(list("v1")).mockResolvedValueOnce(list("v2")).mockResolvedValue(list("v3"));
    const v1 = await investorIndex(fundId);
    vi.setSystemTime(new Date("2026-11-21T12:00:12Z"));
    const v2 = await investorIndex(fundId, { refresh: true });
    expect(v2.investors[0]!.id).toBe("v2-1");
    expect(await investorIndex(fundId, { version: v1.version })).toBe(v1);
    vi.setSystemTime(new Date("2026-11-21T12:00:24Z"));
    await investorIndex(fundId, { refresh: true });
    // v1 is no longer held: the list is read again, and it has changed since.
    await expect(investorIndex(fundId, { version: v1.version })).rejects.toMatchObject({ name: "Conflict" });
    expect(await investorIndex(fundId, { version: v2.version })).toBe(v2);
  });

  it("answers a version it never read when the data is unchanged: the version is a digest of the content", async () => {
    const other = await load();
    listInvestors.mockResolvedValue(list("same"));
    const elsewhere = await other.investorIndex(fundId);
    const { investorIndex } = await load();
    const here = await investorIndex(fundId, { version: elsewhere.version });
    expect(here).not.toBe(elsewhere);
    expect(here.version).toBe(elsewhere.version);
    expect(here.investors.map((investor) => investor.id)).toEqual(["same-1", "same-2"]);
  });

  it("reads a fund again on Refresh at most once per 10 s; within that it answers from the held list", async () => {
    const { investorIndex } = await load();
    listInvestors.mockResolvedValueOnce(list("v1")).mockResolvedValueOnce(list("v2"));
    const v1 = await investorIndex(fundId);
    vi.setSystemTime(new Date("2026-11-21T12:00:09Z"));
    for (let i = 0; i < 5; i++) expect(await investorIndex(fundId, { refresh: true })).toBe(v1);
    expect(listInvestors).toHaveBeenCalledTimes(1);
    vi.setSystemTime(new Date("2026-11-21T12:00:10Z"));
    expect((await investorIndex(fundId, { refresh: true })).investors[0]!.id).toBe("v2-1");
    expect(listInvestors).toHaveBeenCalledTimes(2);
  });

  it("does not keep a failed fetch: the next request tries the upstream again", async () => {
    const { investorIndex } = await load();
    listInvestors.mockRejectedValueOnce(new Error("upstream down")).mockResolvedValueOnce(list("b"));
    await expect(investorIndex(fundId)).rejects.toThrow("upstream down");
    expect(await firstIdOf(investorIndex(fundId))).toBe("b-1");
  });

  it("lends an export the held list while it is within its age, and never fetches one for it", async () => {
    const { heldInvestorIndex, investorIndex } = await load();
    expect(await heldInvestorIndex(fundId)).toBeNull();
    expect(listInvestors).not.toHaveBeenCalled();
    listInvestors.mockResolvedValueOnce(list("a"));
    const held = await investorIndex(fundId);
    expect(await heldInvestorIndex(fundId)).toBe(held);
    vi.setSystemTime(new Date("2026-11-21T12:01:01Z"));
    expect(await heldInvestorIndex(fundId)).toBeNull();
    expect(listInvestors).toHaveBeenCalledTimes(1);
  });

  it("serves a first screen of a list still arriving, with what was read so far, then the whole list once it is in", async () => {
    const { investorIndexOrEarly } = await load();
    const records = Array.from({ length: 150 }, (_, i) => ({ id: `r-${i}` }));
    listInvestors.mockResolvedValue(records);
    let arrive = () => {};
    holdRead = new Promise((resolve) => (arrive = resolve));
    try {
      const early = await investorIndexOrEarly(fundId);
      expect("early" in early && early.early.investors.map((investor) => investor.id)).toEqual(
        records.map((r) => r.id),
      );
      arrive();
      await eventually(async () => expect("index" in (await investorIndexOrEarly(fundId))).toBe(true));
      expect(listInvestors).toHaveBeenCalledTimes(1);
    } finally {
      holdRead = null;
    }
  });

  it("after a restart, answers a long kept list's first screen, as of its read, before the whole list has loaded", async () => {
    const seenAt = Date.now() - 3_600_000;
    const kept = (count: number) => keptList(count, seenAt);
    let loaded = () => {};
    keptWhole = () => new Promise((resolve) => (loaded = () => resolve(kept(5_000))));
    keptStart = async () => ({ list: kept(100), expected: 5_000 });
    // The live read that follows a kept list past its age stays on its way: the pages come from the kept one.
    listInvestors.mockReturnValue(new Promise(() => {}));
    try {
      const { rowsPage } = await load();
      const early = await rowsPage([]);
      expect(early).toMatchObject({ complete: false, kept: true, reading: { read: 100, expected: 5_000 } });
      expect(early.fetchedAt).toBe(new Date(seenAt).toISOString());
      expect(early.rows.map((row) => row.id)).toEqual(records.slice(0, 10).map((record) => record.id));
      loaded();
      const whole = await eventually(async () => {
        const page = await rowsPage([]);
        expect(page.complete).toBe(true);
        return page;
      });
      expect(whole).toMatchObject({ kept: true, total: 5_000 });
    } finally {
      keptWhole = async () => null;
      keptStart = async () => null;
    }
  });

  it("after a restart, asks the store for a long kept list's first screen before its whole list, whoever asks first", async () => {
    const kept = (count: number) => keptList(count, Date.now() - 3_600_000);
    // The store answers in the order it is asked, as PGlite's one session does.
    const asked: string[] = [];
    let loaded = () => {};
    keptWhole = () => {
      asked.push("whole");
      return new Promise((resolve) => (loaded = () => resolve(kept(5_000))));
    };
    keptStart = async () => (asked.push("first screen"), { list: kept(100), expected: 5_000 });
    try {
      const { investorIndex, rowsPage } = await load();
      // Capital outstanding or reconciliation, rendered above the table, wants the whole list first.
      const whole = investorIndex(fundId);
      const early = await rowsPage([]);
      expect(asked).toEqual(["first screen", "whole"]);
      expect(early).toMatchObject({ complete: false, kept: true, reading: { read: 100, expected: 5_000 } });
      loaded();
      expect((await whole).investors).toHaveLength(5_000);
    } finally {
      loaded();
      keptWhole = async () => null;
      keptStart = async () => null;
    }
  });

  it("waits for the whole list when it is shorter than a first screen", async () => {
    const { investorIndexOrEarly } = await load();
    listInvestors.mockResolvedValue(list("short"));
    const read = await investorIndexOrEarly(fundId);
    expect("index" in read && read.index.investors.map((investor) => investor.id)).toEqual(["short-1", "short-2"]);
  });

  it("answers a spec type's view while the list arrives, but makes an unknown type wait for the whole list and refuses it", async () => {
    const { rowsPage } = await load();
    listInvestors.mockResolvedValue(Array.from({ length: 150 }, (_, i) => ({ id: `r-${i}`, investor_type: "entity" })));
    let arrive = () => {};
    holdRead = new Promise((resolve) => (arrive = resolve));
    try {
      expect(await rowsPage(["trust"])).toMatchObject({ complete: false, version: null });
      let settled = false;
      const junk = rowsPage(["junk1"]).finally(() => (settled = true));
      junk.catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(settled).toBe(false);
      arrive();
      await expect(junk).rejects.toThrow('Unknown investor type "junk1".');
    } finally {
      holdRead = null;
    }
  });
});
