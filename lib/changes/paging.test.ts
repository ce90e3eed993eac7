import { describe, expect, it } from "vitest";
import { byDay, pageOfChanges } from "./paging";
import { changeKinds, type FundChanges, type InvestorChange } from "./types";

const investor = (id: string): InvestorChange => ({
  investorId: id,
  name: `Investor ${id}`,
  change: "changed",
  commitment: null,
  fields: [],
});

const fund = (id: string, investors: number, day = "2026-11-20"): FundChanges => ({
  fund: { id, name: `Fund ${id}` },
  since: "2026-11-01T00:00:00.000Z",
  historyStartsAt: "2026-10-01T00:00:00.000Z",
  before: { readAt: "2026-10-31T02:00:00.000Z", lastSeenAt: "2026-10-31T02:00:00.000Z" },
  after: { readAt: `${day}T02:00:00.000Z`, lastSeenAt: `${day}T02:00:00.000Z` },
  gap: null,
  capitalDueDate: null,
  alert: false,
  figures: [{ key: "total_contributed", before: "1.00", after: "2.00", difference: "1.00" }],
  counts: { ...Object.fromEntries(changeKinds.map((kind) => [kind, 0])), other: investors } as FundChanges["counts"],
  investors: Array.from({ length: investors }, (_, at) => investor(`${id}-${at}`)),
});

describe("pages of the organization's changes", () => {
  const funds = [fund("a", 3), fund("b", 0), fund("c", 7), fund("d", 2)];

  it("puts every investor and every fund on exactly one page, in the view's order", () => {
    const pages = [1, 2, 3, 4].map((number) => pageOfChanges(funds, number, 4));
    expect(pages[0]!.page).toEqual({ number: 1, pages: 4, size: 4, lines: 13 });
    const investors = pages.flatMap((page) => page.funds.flatMap((shown) => shown.investors.map((i) => i.investorId)));
    expect(investors).toEqual(funds.flatMap((whole) => whole.investors.map((i) => i.investorId)));
    const fundsShown = pages.flatMap((page) => page.funds.map((shown) => shown.fund.id));
    expect(fundsShown).toEqual(["a", "b", "c", "c", "d", "d"]);
    expect(pages[0]!.funds.map((shown) => shown.part)).toEqual([undefined, undefined]);
  });

  it("says which part of a fund cut across pages it shows, with its whole counts and its figures once", () => {
    expect(pageOfChanges(funds, 2, 4).funds.map((shown) => shown.fund.id)).toEqual(["c"]);
    const second = pageOfChanges(funds, 2, 4).funds[0]!;
    expect(second.part).toEqual({ from: 0, to: 4, of: 7 });
    expect(second.counts.other).toBe(7);
    expect(second.figures).toHaveLength(1);
    const [rest, next] = pageOfChanges(funds, 3, 4).funds;
    expect(rest).toMatchObject({ fund: { id: "c" }, part: { from: 4, to: 7, of: 7 }, figures: [] });
    expect(next).toMatchObject({ fund: { id: "d" }, part: { from: 0, to: 1, of: 2 } });
  });

  it("answers a page past the last with no funds, and one page for a small view", () => {
    expect(pageOfChanges(funds, 9, 4).funds).toEqual([]);
    expect(pageOfChanges(funds, 1).page).toMatchObject({ pages: 1, lines: 13 });
    expect(pageOfChanges([], 1).page).toMatchObject({ pages: 1, lines: 0 });
  });

  it("groups a page's funds by day, newest first as given", () => {
    const days = byDay([fund("x", 1, "2026-11-21"), fund("y", 1, "2026-11-21"), fund("z", 1, "2026-11-19")]);
    expect(days.map((day) => [day.day, day.funds.map((shown) => shown.fund.id)])).toEqual([
      ["2026-11-21", ["x", "y"]],
      ["2026-11-19", ["z"]],
    ]);
  });
});
