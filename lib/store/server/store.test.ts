import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoreConnection } from "./connection";
import { keptListStart, latestFundsList, latestKeptList, latestKeptLists } from "./reads";
import { at, investor, testStore, type TestDriver } from "./test-stores";
import { forgetPeople, pruneReads, storeBytes } from "./upkeep";
import { type KeptWrite, recordReads } from "./batch-writes";
import { recordFund, recordFundsList, recordInvestorList, recordReadFailure } from "./writes";

const count = async (store: StoreConnection, query: string, params: unknown[] = []) =>
  store.use(async (_db, pool) => Number((await pool.query<{ n: string }>(query, params)).rows[0]!.n));

describe.each<[TestDriver]>([["pglite"], ["postgres"]])("the store on %s", (driver) => {
  let store: StoreConnection;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ store, dispose } = await testStore(driver));
    await store.open();
    expect(store.status()).toMatchObject({ state: "ready", driver, reason: null });
  }, 60_000);
  afterAll(() => dispose());

  const list = (fundId: string, digest: string, readAt: string, investors: Record<string, unknown>[], fund = {}) =>
    recordInvestorList(
      { fundId, digest, readAt: at(readAt), fund, investors: investors.map((record) => ({ record, taxKey: null })) },
      store,
    );

  it("gives a kept list's first records alone, in the list's order, from its newest read", async () => {
    const records = (tag: string) => Array.from({ length: 5 }, (_, i) => investor(`${tag}-${i}`));
    await list("start", "s1", "2026-01-01T00:00:00Z", records("old"), { id: "start", investor_count: "5" });
    await list("start", "s2", "2026-01-02T00:00:00Z", records("new"), { id: "start", investor_count: "5" });
    const start = await keptListStart("start", 3, store);
    expect(start?.investors.map((position) => position.record)).toEqual(records("new").slice(0, 3));
    expect(start).toMatchObject({ digest: "s2", figures: { investorCount: 5 } });
    expect(await keptListStart("never-kept", 3, store)).toBeNull();
  });

  it("keeps records exactly as given (jsonb) and amounts as exact decimals (numeric)", async () => {
    const odd = investor("rt-1", {
      commitment_amount: "12345678901234567.89",
      contributed_amount: " +7.50 ",
      total_received: "1e3",
      net_asset_value: "n/a",
      ownership_percent: 12.5,
      note: '{"looks":"like json"}',
      quoted: '"quoted"',
      nothing: null,
      nested: { deep: [1, "two", null, { three: 3 }] },
    });
    const other = investor("rt-2", { commitment_amount: "0.11" });
    const fund = { id: "rt", total_commitments: "12345678901234568.00", investor_count: "2" };
    await list("rt", "d1", "2026-01-01T00:00:00Z", [odd, other], fund);
    const kept = await latestKeptList("rt", store);
    expect(kept?.investors.map((position) => position.record)).toEqual([odd, other]);
    expect(kept?.figures).toEqual({
      totalCommitments: "12345678901234568.00",
      totalContributed: null,
      totalReceived: null,
      investorCount: 2,
    });
    const columns = await store.use(async (_db, pool) =>
      pool.query(
        `select commitment_amount, contributed_amount, total_received, net_asset_value, ownership_percent, email
         from positions where read_id in (select id from reads where fund_id = 'rt') order by ordinal`,
      ),
    );
    expect(columns.rows[0]).toEqual({
      commitment_amount: "12345678901234567.89",
      contributed_amount: "7.50",
      total_received: null,
      net_asset_value: null,
      ownership_percent: "12.5",
      email: "rt-1@example.com",
    });
    const sum = await store.use(async (_db, pool) =>
      pool.query(
        "select sum(commitment_amount)::text as total from positions where read_id in (select id from reads where fund_id = 'rt')",
      ),
    );
    expect(sum.rows[0].total).toBe("12345678901234568.00");
  });

  it("keeps the funds list and a fund's record whole, top-level strings included", async () => {
    const funds = [{ id: "f1", name: "One", nested: { a: null } }, "a string", 42, null];
    const read = { listKey: "fp-1", readAt: at("2026-01-02T00:00:00Z"), digest: "funds-1", funds };
    expect(await recordFundsList(read, store)).toBe("new");
    expect(await latestFundsList("fp-1", store)).toMatchObject({ digest: "funds-1", funds });
    // Another source's (another token's) funds list is not this one's.
    expect(await latestFundsList("fp-2", store)).toBeNull();
    const fund = { id: "rec", total_commitments: "100.10", legal_entity: { tax_id: "***" } };
    await recordFund({ fundId: "rec", readAt: at("2026-01-02T00:00:00Z"), digest: "r1", fund }, store);
    await list("rec", "l1", "2026-01-02T00:00:00Z", [investor("rec-1")]);
    expect((await latestKeptList("rec", store))?.fund).toEqual(fund);
  });

  it("keeps many reads in one batch exactly as one by one: new content once, the same content as a sighting", async () => {
    const people = (tag: string) =>
      [investor(`${tag}-1`), investor(`${tag}-2`)].map((record) => ({ record, taxKey: null }));
    const batch = (day: string, digest: string): KeptWrite[] => [
      {
        kind: "investors",
        fundId: "batch-a",
        readAt: at(day),
        digest,
        fund: { total_commitments: "5.00" },
        investors: people("ba"),
      },
      { kind: "investors", fundId: "batch-b", readAt: at(day), digest: "b1", fund: null, investors: people("bb") },
      {
        kind: "fund",
        fundId: "batch-a",
        readAt: at(day),
        digest: "f1",
        fund: { id: "batch-a", total_commitments: "5.00" },
      },
    ];
    expect(await recordReads(batch("2026-07-01T00:00:00Z", "a1"), store)).toEqual(["new", "new", "new"]);
    expect(await recordReads(batch("2026-07-02T00:00:00Z", "a2"), store)).toEqual(["new", "seen", "seen"]);
    expect(await count(store, "select count(*) n from reads where fund_id like 'batch-%'")).toBe(4);
    expect(
      await count(
        store,
        "select count(*) n from positions p join reads r on r.id = p.read_id where r.fund_id like 'batch-%'",
      ),
    ).toBe(6);
    const kept = await latestKeptList("batch-b", store);
    expect(kept).toMatchObject({
      digest: "b1",
      readAt: at("2026-07-01T00:00:00Z"),
      lastSeenAt: at("2026-07-02T00:00:00Z"),
    });
    expect((await latestKeptList("batch-a", store))?.fund).toEqual({ id: "batch-a", total_commitments: "5.00" });
    // Two reads of one fund are two batches, in the order they were made.
    await expect(
      recordReads([...batch("2026-07-03T00:00:00Z", "a3"), batch("2026-07-03T00:00:00Z", "a4")[0]!], store),
    ).rejects.toThrow(/one read per kind and fund/);
  });

  it("keeps one copy of unchanged content and a sighting for each read", async () => {
    expect(await list("same", "d1", "2026-02-01T00:00:00Z", [investor("s-1"), investor("s-2")])).toBe("new");
    expect(await list("same", "d1", "2026-02-02T00:00:00Z", [investor("s-1"), investor("s-2")])).toBe("seen");
    expect(await count(store, "select count(*) n from reads where fund_id = 'same'")).toBe(1);
    expect(
      await count(
        store,
        "select count(*) n from positions p join reads r on r.id = p.read_id where r.fund_id = 'same'",
      ),
    ).toBe(2);
    const sightings = "select count(*) n from read_sightings s join reads r on r.id = s.read_id where r.fund_id = $1";
    expect(await count(store, sightings, ["same"])).toBe(2);
    const kept = await latestKeptList("same", store);
    expect(kept).toMatchObject({ readAt: at("2026-02-01T00:00:00Z"), lastSeenAt: at("2026-02-02T00:00:00Z") });
  });

  it("keeps a new version when the digest changes, and answers the newest", async () => {
    await list("changes", "d1", "2026-03-01T00:00:00Z", [investor("c-1")]);
    expect(await list("changes", "d2", "2026-03-02T00:00:00Z", [investor("c-1"), investor("c-2")])).toBe("new");
    expect(await count(store, "select count(*) n from reads where fund_id = 'changes'")).toBe(2);
    const kept = await latestKeptList("changes", store);
    expect(kept?.digest).toBe("d2");
    expect(kept?.investors).toHaveLength(2);
    expect(await latestKeptList("never-read", store)).toBeNull();
  });

  it("answers the newest list of each fund named", async () => {
    await list("every-a", "a1", "2026-04-01T00:00:00Z", [investor("a-1")]);
    await list("every-a", "a2", "2026-04-03T00:00:00Z", [investor("a-1"), investor("a-2")]);
    await list("every-b", "b1", "2026-04-02T00:00:00Z", [investor("b-1")]);
    await list("every-c", "c1", "2026-04-02T00:00:00Z", [investor("c-1")]);
    const lists = await latestKeptLists(["every-a", "every-b"], store);
    expect(lists.map((kept) => [kept.fundId, kept.digest, kept.investors.length])).toEqual([
      ["every-a", "a2", 2],
      ["every-b", "b1", 1],
    ]);
  });

  it("stops serving a fund's kept list once a later read of it answered 404 (the fund is gone)", async () => {
    await list("gone", "g1", "2026-04-05T00:00:00Z", [investor("g-1")]);
    const failure = { kind: "investors" as const, fundId: "gone", status: 502, message: "down" };
    await recordReadFailure({ ...failure, at: at("2026-04-06T00:00:00Z") }, store);
    expect(await latestKeptList("gone", store)).not.toBeNull();
    await recordReadFailure({ ...failure, status: 404, at: at("2026-04-07T00:00:00Z") }, store);
    expect(await latestKeptList("gone", store)).toBeNull();
    expect(await latestKeptLists(["gone"], store)).toEqual([]);
  });

  it("splits a list too big for one statement (7,000 positions, over 65,535 parameters)", async () => {
    const many = Array.from({ length: 7_000 }, (_, index) => investor(`big-${index}`));
    expect(await list("big", "b1", "2026-05-01T00:00:00Z", many)).toBe("new");
    const kept = await latestKeptList("big", store);
    expect(kept?.investors).toHaveLength(7_000);
    expect(kept?.investors[6_999]?.record.id).toBe("big-6999");
  }, 60_000);

  it("forgets a person by email (any case) or by tax key, in every read", async () => {
    const people = () => [
      { record: investor("gone-1", { primary_contact: { email: " Gone@Example.COM " } }), taxKey: "key-a" },
      { record: investor("gone-2"), taxKey: "key-b" },
      { record: investor("stays"), taxKey: "key-c" },
    ];
    for (const [digest, day] of [
      ["g1", "01"],
      ["g2", "02"],
    ] as const) {
      const readAt = at(`2026-06-${day}T00:00:00Z`);
      await recordInvestorList({ fundId: "forget", digest, readAt, fund: null, investors: people() }, store);
    }
    // An admin of another scope forgets nothing here; one whose scope holds the fund forgets it.
    expect(await forgetPeople({ email: "gone@example.com", taxKeys: [], fundKeys: ["elsewhere"] }, store)).toEqual({
      positions: 0,
      notes: 0,
    });
    expect(await forgetPeople({ email: "gone@example.com", taxKeys: [], fundKeys: ["forget"] }, store)).toEqual({
      positions: 2,
      notes: 0,
    });
    expect((await forgetPeople({ email: null, taxKeys: ["key-b", "key-z"] }, store)).positions).toBe(2);
    const kept = await latestKeptList("forget", store);
    expect(kept?.investors.map((position) => position.record.id)).toEqual(["stays"]);
  });

  it("prunes old reads, keeping each fund's newest", async () => {
    await list("prune-a", "p1", "2001-01-01T00:00:00Z", [investor("p-1")]);
    await list("prune-a", "p2", "2001-02-01T00:00:00Z", [investor("p-2")]);
    await list("prune-b", "q1", "2001-01-01T00:00:00Z", [investor("q-1")]);
    expect(await pruneReads(at("2002-01-01T00:00:00Z"), store)).toBe(1);
    expect((await latestKeptList("prune-a", store))?.digest).toBe("p2");
    expect((await latestKeptList("prune-b", store))?.digest).toBe("q1");
    expect(
      await count(
        store,
        "select count(*) n from positions p join reads r on r.id = p.read_id where r.fund_id like 'prune-%'",
      ),
    ).toBe(2);
  });

  it("keeps failed reads, and says how big it is", async () => {
    await recordReadFailure(
      { kind: "investors", fundId: "f9", at: at("2026-07-01T00:00:00Z"), status: 502, message: "x" },
      store,
    );
    expect(await count(store, "select count(*) n from read_failures where fund_id = 'f9' and status = 502")).toBe(1);
    expect(await storeBytes(store)).toBeGreaterThan(100_000);
  });
});
