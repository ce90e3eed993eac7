import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import type { DirectoryView } from "../search-params";
import type { Position } from "../../fund-reads/server/positions";

vi.mock("../../server/env", () => ({ serverEnv: () => ({ DIRECTORY_MATCH_SECRET: "k".repeat(40) }) }));
const { DirectoryBuilder } = await import("./directory-builder");
const { directoryIndexOf } = await import("./directory-index");
type Index = ReturnType<typeof directoryIndexOf>;

const amounts = ["1.10", "-2.5", "100", "0.001", null, "n/a", "12345678901234567.89"];
const names = ["Ann Lee", "ann lee", "Émile", "Bob", "bob 2", "Zoë", "Carl"];

/** A position drawn from a few tax keys and emails, so investors merge, split and move between funds. */
const position = fc
  .record({
    tax: fc.option(fc.constantFrom("T1", "T2", "T3", "T4"), { freq: 2 }),
    email: fc.option(fc.constantFrom("a@x", "b@x", "c@x"), { freq: 3 }),
    name: fc.constantFrom(...names),
    type: fc.constantFrom("Individual", "Entity", "Trust"),
    invited: fc.option(fc.constantFrom(1, 2, 3)),
    amount: fc.constantFrom(...amounts),
    other: fc.constantFrom(...amounts),
  })
  .map((drawn) => (fundId: string, at: number): Position => ({
    fundId,
    investorId: `i${at}`,
    name: drawn.name,
    email: drawn.email,
    investorType: drawn.type,
    invited: drawn.invited,
    search: `${drawn.name.toLowerCase()}\u0000${drawn.email ?? ""}`,
    amounts: {
      commitment_amount: drawn.amount,
      contributed_amount: drawn.other,
      unfunded_commitment_amount: drawn.amount,
      life_distributions: null,
      net_asset_value: drawn.other,
      total_received: null,
      ownership_percent: null,
      total_capital_due: null,
      management_fee_amount: null,
      expense_reserve_amount: null,
    },
    taxKey: drawn.tax,
    emailKey: drawn.email,
  }));

const fundIds = ["f1", "f2", "f3", "f4", "f5"];
const fundList = fc.array(fc.array(position, { maxLength: 6 }), { minLength: 1, maxLength: 5 });
// A step: a fund read (or read again, or failed: no positions), or the fund list in another order.
const step = fc.oneof(
  fc.record({ fund: fc.nat(4), list: fundList.map((lists) => lists[0]!) }),
  fc.record({ order: fc.shuffledSubarray(fundIds, { minLength: 1 }) }),
);

const views: DirectoryView[] = [
  { sort: null, q: "", type: [] },
  { sort: { id: "commitment_amount", direction: "desc" }, q: "", type: [] },
  { sort: { id: "name", direction: "asc" }, q: "ann", type: [] },
  { sort: { id: "email", direction: "desc" }, q: "", type: ["entity"] },
  { sort: { id: "funds", direction: "asc" }, q: "b", type: [] },
];

// The built index warmed (searches scan its joined text, orders are made ahead), the other one cold (row by row).
async function expectSame(built: Index, scratch: Index) {
  await built.warm();
  expect(built.rows).toEqual(scratch.rows);
  expect(built.types).toEqual(scratch.types);
  expect(built.longest()).toEqual(scratch.longest());
  for (const row of scratch.rows) expect(built.investor(row.key)).toEqual(scratch.investor(row.key));
  for (const view of views) expect(await built.page(view, 0, 50)).toEqual(await scratch.page(view, 0, 50));
  for (const typed of ["a", "ann", "b", "x", " Ann", "@", "\u0001"]) {
    expect(built.search(typed, 3)).toEqual(scratch.search(typed, 3));
    const view = { sort: null, q: typed, type: [] };
    expect(await built.page(view, 0, 50)).toEqual(await scratch.page(view, 0, 50));
  }
}

describe("DirectoryBuilder", () => {
  it("gives the index a from-scratch build gives over the same positions, whatever the order funds arrive in, one at a time or several at once", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 12 }), async (steps) => {
        const builder = new DirectoryBuilder();
        // The same steps, each run of funds between two orders given at once (as a start gives its kept lists).
        const batched = new DirectoryBuilder();
        let pending: [string, Position[]][] = [];
        let order = fundIds;
        const held = new Map<string, Position[]>();
        builder.setOrder(order);
        batched.setOrder(order);
        for (const next of steps) {
          if ("order" in next) {
            order = next.order;
            for (const id of [...held.keys()]) if (!order.includes(id)) held.delete(id);
            builder.setOrder(order);
            batched.setFunds(pending);
            pending = [];
            batched.setOrder(order);
          } else {
            const fundId = fundIds[next.fund]!;
            const positions = next.list.map((make, at) => make(fundId, at));
            builder.setFund(fundId, positions);
            pending.push([fundId, positions]);
            if (order.includes(fundId)) held.set(fundId, positions);
          }
        }
        batched.setFunds(pending);
        const positions = order.flatMap((id) => held.get(id) ?? []);
        await expectSame(builder.index(), directoryIndexOf(positions));
        await expectSame(batched.index(), directoryIndexOf(positions));
      }),
      { numRuns: 300 },
    );
  });

  it("moves a position without a tax id between its email's one tax id and a group of its own", () => {
    const [make] = fc.sample(position, { numRuns: 1, seed: 1 });
    const at = (fundId: string, taxKey: string | null, place = 0) => ({
      ...make!(fundId, place),
      taxKey,
      emailKey: "o@x",
    });
    const builder = new DirectoryBuilder();
    builder.setOrder(["f1", "f2", "f3"]);
    builder.setFund("f1", [at("f1", null)]);
    builder.setFund("f2", [at("f2", "T1")]);
    expect(builder.index().rows.map((row) => row.funds)).toEqual([2]);
    builder.setFund("f3", [at("f3", "T2")]);
    // Two tax ids behind one email: the position without one stands apart, grouped by the email.
    expect(builder.index().rows.map((row) => row.funds)).toEqual([1, 1, 1]);
    expect(builder.index().investor(builder.index().rows[2]!.key)?.matchedBy).toBe("email");
    builder.setFund("f3", []);
    expect(builder.index().rows.map((row) => row.funds)).toEqual([2]);
  });
});
