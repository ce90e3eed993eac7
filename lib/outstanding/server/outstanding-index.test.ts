import { describe, expect, it } from "vitest";
import type { OrganizationFund as DirectoryFund } from "../../fund-reads/server/scoped-organization";
import { OutstandingIndex } from "./outstanding-index";

const now = Date.parse("2026-11-23T09:00:00Z");

function position(investorId: string, email: string | null, due: string | null, received: string | null) {
  return {
    investorId,
    name: `Investor ${investorId}`,
    email,
    amounts: { total_capital_due: due, total_received: received },
  };
}

function fund(id: string, dueDate: string | null, positions: ReturnType<typeof position>[]): DirectoryFund {
  return { id, name: `Fund ${id}`, figures: { capital_due_date: dueDate }, positions } as unknown as DirectoryFund;
}

const funds = [
  // Due yesterday: overdue by one day.
  fund("late", "2026-11-22", [
    position("a", "A@example.com", "100.10", "0.05"),
    position("b", "b@example.com", "50", "50"),
    position("c", "c@example.com", "20.005", null),
  ]),
  // Due next month: owed, not overdue.
  fund("soon", "2026-12-15", [
    position("d", "a@example.com", "1000000000000.01", "0.01"),
    position("e", null, "3", "1"),
  ]),
];

describe("OutstandingIndex", () => {
  const index = new OutstandingIndex(funds, now);
  const ids = (positions: number[]) => positions.map((at) => index.rows[at]!.investorId);

  it("keeps only positions that still owe, with what they owe exactly", () => {
    expect(index.rows.map((row) => [row.investorId, row.outstanding])).toEqual([
      ["a", "100.05"],
      ["c", "20.005"],
      ["d", "1000000000000.00"],
      ["e", "2"],
    ]);
  });

  it("lists the overdue first, each group largest owed first, and counts days overdue", () => {
    const all = index.positions({ sort: null, fund: null, overdue: false });
    expect(ids(all)).toEqual(["a", "c", "d", "e"]);
    expect(all.map((at) => index.rows[at]!.daysOverdue)).toEqual([1, 1, 0, 0]);
  });

  it("filters to one fund or to the overdue, and totals the view to the cent", () => {
    const overdue = index.positions({ sort: null, fund: null, overdue: true });
    expect(ids(overdue)).toEqual(["a", "c"]);
    expect(index.total(overdue)).toBe("120.055");
    expect(ids(index.positions({ sort: null, fund: "soon", overdue: false }))).toEqual(["d", "e"]);
    expect(index.total(index.positions({ sort: null, fund: null, overdue: false }))).toBe("1000000000122.055");
  });

  it("sorts by a column when asked", () => {
    expect(ids(index.positions({ sort: { id: "outstanding", direction: "asc" }, fund: null, overdue: false }))).toEqual(
      ["e", "c", "a", "d"],
    );
  });

  it("gives each contact email once, compared without case, skipping positions without one", () => {
    expect(index.emails(index.positions({ sort: null, fund: null, overdue: false }))).toEqual([
      "A@example.com",
      "c@example.com",
    ]);
  });

  it("names the funds that have capital outstanding with their counts", () => {
    expect(index.funds()).toEqual([
      { id: "late", name: "Fund late", count: 2 },
      { id: "soon", name: "Fund soon", count: 2 },
    ]);
  });
});
