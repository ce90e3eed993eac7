import { describe, expect, it } from "vitest";
import { defaultDemoConfig } from "./config";
import { parseCents } from "./format";
import { demoPast } from "./past";
import { createDemoStore } from "./store";

// The demo's past, as the embedded demo's first start reads it: books that tie out on every day, and the moves a
// statement of the last closed quarter and "What changed" need.

const store = createDemoStore(defaultDemoConfig());
const now = Date.parse("2026-11-29T10:00:00Z");
const past = demoPast(store, now);
const sum = (list: Record<string, unknown>[], field: string) =>
  list.reduce((total, row) => total + (typeof row[field] === "string" ? parseCents(row[field] as string) : 0n), 0n);

describe("the demo's past", () => {
  it("reads weekly, then daily over the last 30 days, over the current quarter and the two before it", () => {
    expect(past.days[0]).toBe("2026-04-01");
    expect(past.days.at(-1)).toBe("2026-11-28");
    expect(past.days).toContain("2026-06-30");
    expect(past.days).toContain("2026-09-30");
    expect(past.days.filter((day) => day >= "2026-10-30")).toHaveLength(30);
    expect(past.changed(past.days[0]!)).toHaveLength(store.funds.length);
  });

  it("ties out on every day for funds without planted differences, and ends on today's data", () => {
    const [first, big] = store.funds;
    const checks = [
      ...past.days.map((day) => [first!, day] as const),
      ...["2026-04-01", "2026-06-30", "2026-09-30"].map((day) => [big!, day] as const),
    ];
    for (const [fund, day] of checks) {
      const investors = past.investorsAt(fund.id, day)!;
      const record = past.fundAt(fund.id, day)!;
      expect(parseCents(record.total_contributed)).toBe(sum(investors, "contributed_amount"));
      expect(parseCents(record.total_received)).toBe(sum(investors, "total_received"));
      expect(parseCents(record.total_commitments)).toBe(sum(investors, "commitment_amount"));
      expect(record.investor_count).toBe(investors.length);
      for (const investor of investors)
        for (const field of ["contributed_amount", "total_received", "net_asset_value", "life_distributions"])
          expect(String(investor[field] ?? "0")).not.toMatch(/^-/);
    }
    const yesterday = past.days.at(-1)!;
    for (const fund of store.funds) expect(past.investorsAt(fund.id, yesterday)).toEqual(store.listInvestors(fund.id));
  });

  it("pays, calls, distributes and revalues in the last closed quarter and the last 30 days; adds one investor, removes one", () => {
    const lastQuarter = past.days.filter((day) => day >= "2026-07-01" && day <= "2026-09-30");
    const changedIn = (days: string[]) => new Set(days.flatMap((day) => past.changed(day)));
    expect(changedIn(lastQuarter).size).toBeGreaterThan(15);
    expect(changedIn(past.days.filter((day) => day >= "2026-10-30")).size).toBeGreaterThan(15);
    const counts = store.funds.map((fund) => past.days.map((day) => past.investorsAt(fund.id, day)!.length));
    expect(counts.some((series) => series.at(-1)! > series[0]!)).toBe(true);
    expect(counts.some((series) => series.at(-1)! < series[0]!)).toBe(true);
    // Somebody contributed and somebody received a distribution between the quarter's two reads.
    const [open, close] = ["2026-06-30", "2026-09-30"];
    const moved = (field: string) =>
      store.funds.some(
        (fund) => sum(past.investorsAt(fund.id, close)!, field) > sum(past.investorsAt(fund.id, open)!, field),
      );
    expect(moved("contributed_amount")).toBe(true);
    expect(moved("life_distributions")).toBe(true);
    const called = store.funds.some(
      (fund) =>
        sum(store.listInvestors(fund.id)!, "total_capital_due") >
        sum(past.investorsAt(fund.id, "2026-11-01")!, "total_capital_due"),
    );
    expect(called).toBe(true);
  });
});
