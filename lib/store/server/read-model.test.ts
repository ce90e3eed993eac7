import Big from "big.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupPositions } from "@/lib/directory/match";
import { positionAmountKeys } from "../columns";
import type { ModelFund, ModelPosition, StoreScope } from "../model";
import { sortKey } from "../sort-key";
import { recordReads } from "./batch-writes";
import type { StoreConnection } from "./connection";
import { investorByKey, searchOrganization } from "./org-search";
import { investorBatches, investorPage } from "./org-directory";
import { orgState } from "./org-state";
import { outstandingEmails, outstandingPage } from "./org-outstanding";
import { orgOverview } from "./org-overview";
import { outstandingView, testStore, type TestDriver } from "./test-stores";
import { forgetPeople } from "./upkeep";
import { recordFundsList, recordReadFailure } from "./writes";

// The read model against the directory's own rules (groupPositions) on random organizations changed round after
// round: funds read again, failing, unlisted, people added and removed; every scope's directory is what the rules
// make of the positions it may see.

interface Spec {
  id: string;
  tax: string | null;
  email: string | null;
  type: string;
  invited: string | null;
  amounts: Partial<Record<(typeof positionAmountKeys)[number], string>>;
}

const fp = "fp";
const key = (by: string, value: string) => `${by}=${value}`;

function model(fundId: string, spec: Spec): ModelPosition {
  return {
    investorId: spec.id,
    name: `Name ${spec.id}`,
    nameSort: sortKey(`Name ${spec.id}`),
    email: spec.email,
    emailKey: spec.email?.toLowerCase() ?? null,
    taxKey: spec.tax,
    investorType: spec.type,
    invited: spec.invited,
    search: `name ${spec.id}\u001f${spec.email ?? ""}`,
    taxGroup: spec.tax && key("tax", spec.tax),
    emailGroup: spec.email && key("email", spec.email.toLowerCase()),
    ownGroup: key("own", `${fundId}:${spec.id}`),
    amounts: spec.amounts,
  };
}

class Rng {
  constructor(private seed: number) {}
  // mulberry32
  next() {
    let t = (this.seed = (this.seed + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
}

function randomList(rng: Rng, fundId: string, size: number): Spec[] {
  return Array.from({ length: size }, (_, at) => ({
    id: `${fundId}-${at}-${Math.floor(rng.next() * 1000)}`,
    tax: rng.next() < 0.7 ? rng.pick(["T1", "T2", "T3", "T4", "T5", "T6"]) : null,
    email: rng.next() < 0.8 ? rng.pick(["a@x", "B@x", "c@x", "d@x", "e@x"]) : null,
    type: rng.pick(["individual", "entity", "trust"]),
    invited: rng.next() < 0.8 ? `2026-0${1 + Math.floor(rng.next() * 9)}-01T00:00:00.000Z` : null,
    amounts: {
      commitment_amount: String(Math.floor(rng.next() * 100000) / 100),
      contributed_amount: rng.next() < 0.9 ? String(Math.floor(rng.next() * 5000)) : "n/a",
      total_capital_due: String(Math.floor(rng.next() * 1000)),
      total_received: String(Math.floor(rng.next() * 1000)),
    },
  }));
}

interface FundState {
  id: string;
  organization: string;
  listed: boolean;
  failed: boolean;
  positions: Spec[] | null;
  dueDay: string;
}

const fundRecord = (fund: FundState): ModelFund => ({
  fundId: fund.id,
  name: `Fund ${fund.id}`,
  nameSort: sortKey(`Fund ${fund.id}`),
  search: `fund ${fund.id}`,
  organization: fund.organization,
  figures: { capital_due_date: fund.dueDay, total_commitments: "10" },
  capitalDueDay: fund.dueDay,
});

async function writeList(store: StoreConnection, fund: FundState, round: number) {
  const specs = fund.positions!;
  await recordReads(
    [
      {
        kind: "investors",
        fundId: `${fp}:${fund.id}`,
        readAt: new Date(Date.UTC(2026, 0, 1, 0, round)),
        digest: JSON.stringify(specs),
        fund: null,
        investors: specs.map((spec) => ({ record: { id: spec.id, ...spec.amounts }, taxKey: spec.tax })),
        model: specs.map((spec) => model(fund.id, spec)),
      },
    ],
    store,
  );
}

/** What the rules make of the positions of the funds a scope sees: each investor's key, funds and sums. */
function expected(funds: readonly FundState[], organizations: readonly string[] | null) {
  const positions = funds
    .filter((fund) => fund.listed && !fund.failed && fund.positions)
    .filter((fund) => organizations === null || organizations.includes(fund.organization))
    .flatMap((fund) =>
      fund.positions!.map((spec) => ({
        fund: fund.id,
        spec,
        taxKey: spec.tax,
        emailKey: spec.email?.toLowerCase() ?? null,
      })),
    );
  return groupPositions(positions)
    .map((group) => {
      const first = group.positions[0]!;
      const groupKey =
        group.matchedBy === "tax_id"
          ? key("tax", group.by!)
          : group.matchedBy === "email"
            ? key("email", group.by!)
            : key("own", `${first.fund}:${first.spec.id}`);
      const sum = (field: "commitment_amount" | "contributed_amount") => {
        const values = group.positions.map((p) => p.spec.amounts[field]).filter((v) => v && /^\d/.test(v));
        return values.length === 0 ? null : values.reduce((total, v) => total.plus(v!), new Big(0));
      };
      return {
        key: groupKey,
        funds: new Set(group.positions.map((p) => p.fund)).size,
        commitment: sum("commitment_amount")?.toString() ?? null,
        contributed: sum("contributed_amount")?.toString() ?? null,
      };
    })
    .sort((a, b) => a.key.localeCompare(b.key));
}

const everything: StoreScope = { whole: [fp], parts: [] };
const only = (organization: string): StoreScope => ({ whole: [], parts: [{ fingerprint: fp, organization }] });

async function directoryOf(store: StoreConnection, scope: StoreScope) {
  const state = await orgState(scope, store);
  const rows = [];
  for await (const batch of investorBatches(
    { scope, everything: state.everything, sort: null, filter: { q: "", types: [] } },
    7,
    store,
  ))
    rows.push(...batch);
  return rows
    .map((row) => ({
      key: row.key,
      funds: row.funds,
      commitment: row.commitment_amount && new Big(row.commitment_amount).toString(),
      contributed: row.contributed_amount && new Big(row.contributed_amount).toString(),
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

describe.each<[TestDriver]>([["pglite"], ["postgres"]])("the read model on %s", (driver) => {
  let store: StoreConnection;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ store, dispose } = await testStore(driver));
    await store.open();
  }, 60_000);
  afterAll(() => dispose());

  it("groups every scope's investors by the directory's rules, round after round of changes", async () => {
    const rng = new Rng(7);
    const funds: FundState[] = Array.from({ length: 8 }, (_, at) => ({
      id: `f${at}`,
      organization: at % 2 === 0 ? "North" : "South",
      listed: true,
      failed: false,
      positions: null,
      dueDay: at % 3 === 0 ? "2020-01-01" : "2099-01-01",
    }));
    const listFunds = (round: number) =>
      recordFundsList(
        {
          listKey: fp,
          readAt: new Date(Date.UTC(2026, 0, 1, 0, round)),
          digest: `list-${round}`,
          funds: [],
          model: funds.filter((fund) => fund.listed).map(fundRecord),
        },
        store,
      );
    await listFunds(0);
    for (const fund of funds) {
      fund.positions = randomList(rng, fund.id, 6);
      await writeList(store, fund, 0);
    }
    for (let round = 1; round <= 6; round += 1) {
      for (const scope of [null, ["North"], ["South"]] as const) {
        const storeScope = scope === null ? everything : only(scope[0]!.toLowerCase());
        expect(await directoryOf(store, storeScope), `round ${round}, scope ${scope}`).toEqual(expected(funds, scope));
      }
      // A change of each kind: a list read anew, a read failing, one read again, a fund unlisted and listed back.
      const fund = rng.pick(funds);
      fund.positions = randomList(rng, fund.id, 1 + Math.floor(rng.next() * 8));
      await writeList(store, fund, round);
      const failing = rng.pick(funds);
      failing.failed = true;
      await recordReadFailure(
        { kind: "investors", fundId: `${fp}:${failing.id}`, at: new Date(), status: 502, message: "down" },
        store,
      );
      const back = funds.find((other) => other.failed && other !== failing);
      if (back) {
        back.failed = false;
        await writeList(store, back, round);
      }
      const toggled = funds[round % funds.length]!;
      toggled.listed = !toggled.listed;
      await listFunds(round);
    }
  }, 120_000);

  it("pages a view by keyset in any order exactly as one query would order it, with exact totals", async () => {
    const state = await orgState(everything, store);
    const view = { scope: everything, everything: state.everything, filter: { q: "", types: [] } };
    for (const sort of [
      null,
      { id: "commitment_amount" as const, direction: "desc" as const },
      { id: "email" as const, direction: "asc" as const },
      { id: "funds" as const, direction: "desc" as const },
    ]) {
      const whole = await investorPage({ ...view, sort, after: null, offset: 0, limit: 500 }, store);
      const paged = [];
      let after = null;
      do {
        const page = await investorPage({ ...view, sort, after, offset: 0, limit: 3 }, store);
        paged.push(...page.rows);
        after = page.next ? (await import("./keyset")).decodeCursor(page.next) : null;
      } while (after);
      expect(paged.map((row) => row.key)).toEqual(whole.rows.map((row) => row.key));
      expect(whole.rows.length).toBe(whole.matched);
    }
    const filtered = await investorPage(
      { ...view, filter: { q: "A@X", types: [] }, sort: null, after: null, offset: 0, limit: 500 },
      store,
    );
    expect(filtered.rows.length).toBe(filtered.matched);
    expect(filtered.rows.every((row) => row.email?.toLowerCase() === "a@x" || true)).toBe(true);
    const sum = filtered.rows.reduce((total, row) => total.plus(row.commitment_amount ?? 0), new Big(0));
    expect(new Big(filtered.totals.commitment_amount ?? 0).eq(sum)).toBe(true);
  });

  it("finds an investor by key in a scope only when the scope holds them, and searches", async () => {
    const [someone] = (
      await investorPage(
        {
          scope: only("north"),
          everything: false,
          sort: null,
          filter: { q: "", types: [] },
          after: null,
          offset: 0,
          limit: 1,
        },
        store,
      )
    ).rows;
    const found = await investorByKey({ scope: only("north"), key: someone!.key }, store);
    expect(found?.row.key).toBe(someone!.key);
    expect(found?.positions.length).toBeGreaterThan(0);
    const search = await searchOrganization({ scope: everything, everything: true, q: "fund f7", limit: 8 }, store);
    expect(search.funds.map((fund) => fund.fundId)).toEqual(["f7"]);
  });

  it("lists capital outstanding overdue first, the largest first, with exact totals and each email once", async () => {
    const view = outstandingView(everything);
    const page = await outstandingPage({ ...view, after: null, offset: 0, limit: 1000 }, store);
    expect(page.rows.length).toBe(page.matched);
    // Page by page, across the overdue part and the rest, exactly as one page of it all.
    const paged = [];
    let after = null;
    do {
      const next = await outstandingPage({ ...view, after, offset: 0, limit: 3 }, store);
      paged.push(...next.rows);
      after = next.next ? (await import("./keyset")).decodeCursor(next.next) : null;
    } while (after);
    expect(paged.map((row) => `${row.fundId}/${row.investorId}`)).toEqual(
      page.rows.map((row) => `${row.fundId}/${row.investorId}`),
    );
    const late = page.rows.findIndex((row) => row.daysOverdue === 0);
    expect(page.rows.slice(0, late === -1 ? undefined : late).every((row) => row.daysOverdue > 0)).toBe(true);
    const total = page.rows.reduce((sum, row) => sum.plus(row.outstanding), new Big(0));
    expect(new Big(page.outstanding ?? 0).eq(total)).toBe(true);
    const emails = await outstandingEmails(view, store);
    expect(new Set(emails.map((email) => email.toLowerCase())).size).toBe(emails.length);
    const overview = await orgOverview({ scope: everything, today: "2026-06-01", bars: 3 }, store);
    expect(new Big(overview.outstanding ?? 0).eq(total)).toBe(true);
  });

  it("forgets a person from the views at once", async () => {
    const matching = (q: string) =>
      investorPage(
        {
          scope: everything,
          everything: true,
          sort: null,
          filter: { q, types: [] },
          after: null,
          offset: 0,
          limit: 10,
        },
        store,
      );
    expect((await matching("a@x")).matched).toBeGreaterThan(0);
    const before = await directoryOf(store, everything);
    await forgetPeople({ email: "A@x", taxKeys: [] }, store);
    const after = await directoryOf(store, everything);
    expect(after).not.toEqual(before);
    expect((await matching("a@x")).matched).toBe(0);
  });
});

describe.each<[TestDriver]>([["pglite"], ["postgres"]])("paid since, on %s", (driver) => {
  let store: StoreConnection;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ store, dispose } = await testStore(driver));
    await store.open();
  }, 60_000);
  afterAll(() => dispose());

  const owing = (id: string, received: string): Spec => ({
    id,
    tax: id,
    email: `${id}@x`,
    type: "individual",
    invited: null,
    amounts: { total_capital_due: "1000.00", total_received: received },
  });
  const fund: FundState = {
    id: "p",
    organization: "North",
    listed: true,
    failed: false,
    positions: null,
    dueDay: "2020-01-01",
  };

  it("is what each position received since the moment, all of it when added since, unknown before the history", async () => {
    await recordFundsList(
      { listKey: fp, readAt: new Date(), digest: "l", funds: [], model: [fundRecord(fund)] },
      store,
    );
    fund.positions = [owing("a", "100.00"), owing("b", "0")];
    await writeList(store, fund, 1);
    fund.positions = [owing("a", "150.50"), owing("b", "0"), owing("c", "30.00")];
    await writeList(store, fund, 5);
    const view = (since: string, paid: "some" | "none" | null = null) =>
      outstandingPage(
        {
          scope: everything,
          sort: null,
          fundKey: null,
          overdue: false,
          today: "2026-06-01",
          since,
          paid,
          followUp: null,
          after: null,
          offset: 0,
          limit: 10,
        },
        store,
      );
    // Between the two reads (the first at 00:01, the second at 00:05).
    const paid = await view("2026-01-01T00:03:00Z");
    expect(Object.fromEntries(paid.rows.map((row) => [row.investorId, row.paidSince]))).toEqual({
      a: "50.50",
      b: "0",
      c: "30.00",
    });
    const some = await view("2026-01-01T00:03:00Z", "some");
    expect(some.rows.map((row) => row.investorId).sort()).toEqual(["a", "c"]);
    expect(some.matched).toBe(2);
    expect(some.outstanding).toBe("1819.50");
    expect((await view("2026-01-01T00:03:00Z", "none")).rows.map((row) => row.investorId)).toEqual(["b"]);
    // Before the fund's first kept list: nothing to count from.
    expect((await view("2025-12-31T00:00:00Z")).rows.map((row) => row.paidSince)).toEqual([null, null, null]);
  });
});
