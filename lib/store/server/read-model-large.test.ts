import Big from "big.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ModelPosition, StoreScope } from "../model";
import { sortKey } from "../sort-key";
import { recordReads } from "./batch-writes";
import type { StoreConnection } from "./connection";
import { investorBatches, investorPage } from "./org-directory";
import { orgOverview } from "./org-overview";
import { outstandingPage } from "./org-outstanding";
import { searchOrganization } from "./org-search";
import { orgState } from "./org-state";
import { outstandingView, testStore } from "./test-stores";
import { recordFundsList } from "./writes";

// An organization larger than the bound the views once had (300,000 positions held, the rest "not held"): every
// fund is in the directory, its search, capital outstanding and the Overview, on PostgreSQL as deployed.

const fp = "large";
const funds = 3_100;
const perFund = 100;
const positions = funds * perFund;
// Positions past this many share a tax id with one this many before them: the same investor in two funds.
const people = 250_000;
const fundsPerWrite = 200;

function position(fund: number, at: number): ModelPosition {
  const person = (fund * perFund + at) % people;
  const name = `Person ${person}`;
  return {
    investorId: `i-${fund}-${at}`,
    name,
    nameSort: sortKey(name),
    email: `p${person}@example.com`,
    emailKey: `p${person}@example.com`,
    taxKey: `t${person}`,
    investorType: "individual",
    invited: null,
    search: `${name.toLowerCase()}\u001fp${person}@example.com`,
    taxGroup: `tax=t${person}`,
    emailGroup: `email=p${person}@example.com`,
    ownGroup: `own=${fund}:${at}`,
    amounts: { commitment_amount: "1000.01", total_capital_due: "100.00", total_received: "40.00" },
  };
}

describe("an organization of 310,000 positions on postgres", () => {
  let store: StoreConnection;
  let dispose: () => Promise<void>;
  const everything: StoreScope = { whole: [fp], parts: [] };

  beforeAll(async () => {
    ({ store, dispose } = await testStore("postgres"));
    await store.open();
    const model = Array.from({ length: funds }, (_, fund) => ({
      fundId: `f${fund}`,
      name: `Fund ${fund}`,
      nameSort: sortKey(`Fund ${fund}`),
      search: `fund ${fund}`,
      organization: "Org",
      figures: { total_commitments: "5", capital_due_date: "2020-01-01" },
      capitalDueDay: "2020-01-01",
    }));
    await recordFundsList({ listKey: fp, readAt: new Date(), digest: "list", funds: [], model }, store);
    for (let first = 0; first < funds; first += fundsPerWrite) {
      const writes = Array.from({ length: Math.min(fundsPerWrite, funds - first) }, (_, offset) => {
        const fund = first + offset;
        const list = Array.from({ length: perFund }, (_, at) => position(fund, at));
        return {
          kind: "investors" as const,
          fundId: `${fp}:f${fund}`,
          readAt: new Date(),
          digest: `d${fund}`,
          fund: null,
          investors: list.map((row) => ({ record: { id: row.investorId, ...row.amounts }, taxKey: row.taxKey })),
          model: list,
        };
      });
      await recordReads(writes, store);
    }
  }, 600_000);
  afterAll(() => dispose());

  it("has every fund read, every investor in the directory and its file, exact totals", async () => {
    const state = await orgState(everything, store);
    expect({ total: state.total, tried: state.tried, complete: state.complete }).toEqual({
      total: funds,
      tried: funds,
      complete: true,
    });
    const view = { scope: everything, everything: state.everything, filter: { q: "", types: [] } };
    const first = await investorPage({ ...view, sort: null, after: null, offset: 0, limit: 100 }, store);
    expect(first.matched).toBe(people);
    expect(first.totals.commitment_amount).toBe(new Big("1000.01").times(positions).toFixed(2));
    let streamed = 0;
    for await (const batch of investorBatches({ ...view, sort: null }, 5_000, store)) streamed += batch.length;
    expect(streamed).toBe(people);
    const twice = await investorPage(
      { ...view, sort: { id: "funds", direction: "desc" }, after: null, offset: 0, limit: 1 },
      store,
    );
    expect(twice.rows[0]?.funds).toBe(2);
  }, 120_000);

  it("finds the last fund and its last investor by search", async () => {
    const last = funds - 1;
    const state = await orgState(everything, store);
    const found = await searchOrganization(
      {
        scope: everything,
        everything: state.everything,
        q: `person ${(last * perFund + perFund - 1) % people}`,
        limit: 8,
      },
      store,
    );
    expect(found.investors.length).toBeGreaterThan(0);
    const fund = await searchOrganization(
      { scope: everything, everything: state.everything, q: `fund ${last}`, limit: 8 },
      store,
    );
    expect(fund.funds.map((row) => row.fundId)).toContain(`f${last}`);
  });

  it("owes capital from every position, and the Overview counts every fund", async () => {
    const page = await outstandingPage({ ...outstandingView(everything), after: null, offset: 0, limit: 10 }, store);
    expect(page.matched).toBe(positions);
    expect(page.outstanding).toBe(new Big("60.00").times(positions).toFixed(2));
    const overview = await orgOverview({ scope: everything, today: "2026-06-01", bars: 12 }, store);
    expect(overview.funds).toBe(funds);
    expect(overview.outstanding).toBe(page.outstanding);
  }, 60_000);
});
