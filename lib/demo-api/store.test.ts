import { describe, expect, it } from "vitest";
import { formatCents, parseCents } from "./format";
import { createDemoStore, type DemoStore } from "./store";
import type { DemoFund, DemoInvestor } from "./types";

const store = createDemoStore();

function investorsOf(s: DemoStore, fund: DemoFund): DemoInvestor[] {
  return JSON.parse(s.investorPage(fund.id)!.body.toString("utf8")) as DemoInvestor[];
}

function expectAggregates(fund: DemoFund, investors: readonly DemoInvestor[]): void {
  const sum = (pick: (i: DemoInvestor) => string | null): string =>
    formatCents(investors.reduce((total, i) => total + parseCents(pick(i) ?? "0.00"), 0n));
  expect(fund.investor_count).toBe(investors.length);
  expect(fund.total_commitments).toBe(sum((i) => i.commitment_amount));
  expect(fund.total_contributed).toBe(sum((i) => i.contributed_amount));
  expect(fund.total_received).toBe(sum((i) => i.total_received));
}

describe("default demo data", () => {
  it("has 24 funds including an empty one and one with at least 2,000 investors", () => {
    expect(store.funds).toHaveLength(24);
    expect(store.funds.some((f) => f.investor_count === 0)).toBe(true);
    expect(store.funds.some((f) => f.investor_count >= 2000)).toBe(true);
    // One fund counts an investor it does not list yet (a planted difference).
    expect(store.totalInvestors + 1).toBe(store.funds.reduce((n, f) => n + f.investor_count, 0));
  });

  it("covers every investor type, calculation method and the deliberate quirks", () => {
    const investors = store.funds.flatMap((f) => investorsOf(store, f));
    const accounts = investors.map((i) => i.investment_account);
    expect(new Set(accounts.map((a) => a.investor_type))).toEqual(new Set(["individual", "joint", "entity", "trust"]));
    expect(new Set(store.funds.map((f) => f.calculation_method))).toEqual(
      new Set(["contribution", "gross", "investment"]),
    );
    expect(accounts.some((a) => a.bank.name !== undefined && a.bank.bank_name === undefined)).toBe(true);
    expect(accounts.some((a) => a.address.country !== "US" && a.bank.swift_code)).toBe(true);
    expect(accounts.some((a) => a.address.postal.startsWith("0"))).toBe(true);
    expect(accounts.some((a) => a.display_name === null)).toBe(true);
    expect(accounts.some((a) => a.entity_subtype === "s corp")).toBe(true);
    expect(investors.some((i) => /[^\u0000-\u007f]/.test(i.primary_contact.full_name))).toBe(true);
    expect(investors.some((i) => i.commitment_amount === null)).toBe(true);
    expect(investors.some((i) => !("team_members" in i))).toBe(true);
    expect(investors.some((i) => "legacy_crm_id" in i || "kyc" in i)).toBe(true);
    const json = JSON.stringify(store.funds);
    expect(json).toContain("<script>alert(1)</script>");
    expect(store.funds.some((f) => f.target_size === "12345678901234567.89")).toBe(true);
    expect(store.funds.some((f) => "custom_fields" in f && "external_ref" in f)).toBe(true);
    expect(store.funds.some((f) => f.legal_entity.display_name === null)).toBe(true);
    expect(store.funds.some((f) => typeof f.management_fee_percent === "number")).toBe(true);
    expect(store.funds.some((f) => /^\d{4}-\d{2}-\d{2}$/.test(f.capital_due_date ?? ""))).toBe(true);
    expect(new Set(store.funds.map((f) => f.organization_name)).size).toBeGreaterThanOrEqual(2);
  });

  it("serves single investors as exact slices of the list", () => {
    const fund = store.funds.find((f) => f.investor_count > 5)!;
    const list = investorsOf(store, fund);
    for (const inv of [list[0]!, list[3]!, list.at(-1)!]) expect(store.getInvestor(fund.id, inv.id)).toEqual(inv);
    expect(store.listInvestors(fund.id)).toEqual(list);
  });
});

describe("determinism and configuration", () => {
  it("gives identical JSON for the same seed and different data for another seed", () => {
    const again = createDemoStore({ seed: 42 });
    expect(again.fundsBody.equals(store.fundsBody)).toBe(true);
    const fund = store.funds[1]!;
    expect(again.investorPage(fund.id)!.body.equals(store.investorPage(fund.id)!.body)).toBe(true);
    const other = createDemoStore({ seed: 43 });
    expect(other.fundsBody.equals(store.fundsBody)).toBe(false);
  });

  it("honours fundSizes and investorsPerFund, and regenerates identically after LRU eviction", () => {
    const s = createDemoStore({ fundCount: 5, fundSizes: [7, 0], investorsPerFund: 3, cacheBytes: 1 });
    expect(s.funds.map((f) => s.listInvestors(f.id)!.length)).toEqual([7, 0, 3, 3, 3]);
    const first = Buffer.from(s.investorPage(s.funds[0]!.id)!.body);
    s.investorPage(s.funds[2]!.id);
    expect(s.cacheStats().entries).toBe(1);
    expect(s.investorPage(s.funds[0]!.id)!.body.equals(first)).toBe(true);
  });

  it("prewarms investor lists only within the cache budget", () => {
    const s = createDemoStore({ fundCount: 4, investorsPerFund: 100, cacheBytes: 350_000 });
    expect(s.prewarm()).toBe(2);
    expect(s.cacheStats().entries).toBe(2);
  });

  // 11 s alone on the CI machine; beside the production build it passed 15 s.
  it("generates a 50,000-investor fund with exact aggregates", { timeout: 60_000 }, () => {
    const s = createDemoStore({ fundCount: 1, fundSizes: [50_000] });
    const fund = s.funds[0]!;
    const investors = investorsOf(s, fund);
    expect(new Set(investors.map((i) => i.id)).size).toBe(50_000);
    expectAggregates(fund, investors);
  });
});
