import Big from "big.js";
import { describe, expect, it } from "vitest";
import { outstandingOf, overdueOf } from "./outstanding";
import { differenceCount, reconcile } from "./reconcile";
import type { FundFigures, InvestorFigures } from "./types";

const tolerance = new Big("0.01");
const fund = (patch: Partial<FundFigures> = {}): FundFigures => ({
  investor_count: 2,
  total_commitments: "300.00",
  total_contributed: "150.00",
  total_received: "160.00",
  calculation_method: "gross",
  ...patch,
});
const investors = (): InvestorFigures[] => [
  {
    id: "a",
    commitment_amount: "100.00",
    contributed_amount: "100.00",
    total_received: "105.00",
    ownership_percent: "33.3333",
    management_fee_amount: "5.00",
    expense_reserve_amount: "1.00",
    total_capital_due: "105.00",
    unfunded_commitment_amount: "0",
  },
  {
    id: "b",
    commitment_amount: "200.00",
    contributed_amount: "50.00",
    total_received: "55.00",
    ownership_percent: "66.6667",
    management_fee_amount: "10.00",
    expense_reserve_amount: "2.00",
    total_capital_due: "210.00",
    unfunded_commitment_amount: "150.00",
  },
];
const status = (result: ReturnType<typeof reconcile>) =>
  Object.fromEntries(result.checks.map((check) => [check.id, check.status]));

describe("reconcile", () => {
  it("ties out when every figure agrees", () => {
    const result = reconcile("f", fund(), investors(), tolerance);
    expect(status(result)).toEqual({
      investor_count: "holds",
      total_commitments: "holds",
      total_contributed: "holds",
      total_received: "holds",
      ownership_percent: "holds",
    });
    expect(result.investorChecks.map((check) => check.differing)).toEqual([0, 0]);
    expect(differenceCount(result)).toBe(0);
  });

  it("gives the fund's figure minus the investors', exactly, for every fund check that differs", () => {
    const result = reconcile(
      "f",
      fund({
        investor_count: 3,
        total_commitments: "12345678901234567.89",
        total_contributed: "149.99",
        total_received: "200",
      }),
      investors(),
      tolerance,
    );
    const byId = Object.fromEntries(result.checks.map((check) => [check.id, check]));
    expect(byId.investor_count).toMatchObject({ fund: "3", investors: "2", difference: "1", status: "differs" });
    expect(byId.total_commitments).toMatchObject({
      investors: "300.00",
      difference: "12345678901234267.89",
      status: "differs",
    });
    expect(byId.total_contributed).toMatchObject({ difference: "-0.01", status: "differs" });
    // The figures' own scale is kept: a fund's "200" against investors' "160.00" differs by "40.00".
    expect(byId.total_received).toMatchObject({ fund: "200.00", investors: "160.00", difference: "40.00" });
    expect(differenceCount(result)).toBe(4);
  });

  it("leaves absent and non-numeric investor values out of a sum, counted, and still compares", () => {
    const list = investors();
    list[1]!.commitment_amount = "n/a";
    list[0]!.total_received = null;
    const byId = Object.fromEntries(reconcile("f", fund(), list, tolerance).checks.map((check) => [check.id, check]));
    expect(byId.total_commitments).toMatchObject({
      investors: "100.00",
      skipped: 1,
      status: "differs",
      difference: "200.00",
    });
    expect(byId.total_received).toMatchObject({ investors: "55.00", skipped: 1, status: "differs" });
  });

  it("cannot check a figure the fund does not give, and says why", () => {
    const result = reconcile("f", fund({ total_commitments: null, investor_count: "many" }), investors(), tolerance);
    const byId = Object.fromEntries(result.checks.map((check) => [check.id, check]));
    expect(byId.total_commitments).toMatchObject({
      status: "cannot_check",
      fund: null,
      difference: null,
      reason: "the fund gives no total commitments",
    });
    expect(byId.investor_count?.status).toBe("cannot_check");
  });

  it("holds ownership within the tolerance in percentage points, and not beyond", () => {
    const list = investors();
    list[1]!.ownership_percent = "66.6767";
    expect(status(reconcile("f", fund(), list, tolerance)).ownership_percent).toBe("holds");
    list[1]!.ownership_percent = "66.6868";
    const check = reconcile("f", fund(), list, tolerance).checks.find((c) => c.id === "ownership_percent")!;
    expect(check).toMatchObject({ status: "differs", difference: "-0.0201" });
  });

  it.each([
    ["contribution", ["105.00", "200.00"], ["a"]],
    ["gross", ["105.00", "210.00"], []],
    ["investment", ["106.00", "212.00"], []],
    ["Investment", ["106.00", "210.00"], ["b"]],
  ])("checks total capital due by the %s method", (method, dues, differing) => {
    const list = investors().map((investor, at) => ({ ...investor, total_capital_due: dues[at] }));
    const check = reconcile("f", fund({ calculation_method: method }), list, tolerance).investorChecks[0]!;
    expect(check.investorIds).toEqual(differing);
  });

  it("cannot check capital due under a method the spec does not describe, or without the values the formula needs", () => {
    const check = reconcile("f", fund({ calculation_method: "custom" }), investors(), tolerance).investorChecks[0]!;
    expect(check).toMatchObject({ differing: 0, unchecked: 2 });
    expect(check.reason).toMatch(/calculation method \(custom\)/);
    const list = investors();
    list[0]!.management_fee_amount = null;
    expect(reconcile("f", fund(), list, tolerance).investorChecks[0]).toMatchObject({ differing: 0, unchecked: 1 });
  });

  it("says how many investors lack a value as people read a count: one investor lacks, 1,202 investors lack", () => {
    const list = investors();
    list[0]!.management_fee_amount = null;
    expect(reconcile("f", fund(), list, tolerance).investorChecks[0]!.reason).toBe(
      "1 investor lacks a value the formula needs",
    );
    const many = Array.from({ length: 1202 }, (_, at) => ({
      ...investors()[1]!,
      id: `i${at}`,
      total_capital_due: null,
    }));
    expect(reconcile("f", fund(), many, tolerance).investorChecks[0]!.reason).toBe(
      "1,202 investors lack a value the formula needs",
    );
  });

  it("checks unfunded commitment as commitment minus contributed, never below zero", () => {
    const list = investors();
    list[0]!.contributed_amount = "120.00"; // over-contributed: unfunded is 0, as given
    list[1]!.unfunded_commitment_amount = "149.99";
    expect(reconcile("f", fund(), list, tolerance).investorChecks[1]!.investorIds).toEqual(["b"]);
  });
});

describe("capital outstanding", () => {
  it("is capital due minus received when above zero, exactly", () => {
    expect(outstandingOf({ total_capital_due: "12345678901234567.89", total_received: "0.01" })).toBe(
      "12345678901234567.88",
    );
    expect(outstandingOf({ total_capital_due: "100", total_received: "100.00" })).toBeNull();
    expect(outstandingOf({ total_capital_due: "100", total_received: "120" })).toBeNull();
    expect(outstandingOf({ total_capital_due: "100", total_received: null })).toBe("100");
    expect(outstandingOf({ total_capital_due: null, total_received: "1" })).toBeNull();
  });

  it("is overdue from the UTC day after the due date, counted in whole days", () => {
    const at = (iso: string) => Date.parse(iso);
    expect(overdueOf("2026-11-20", at("2026-11-20T23:59:59.999Z"))).toEqual({ overdue: false, daysOverdue: 0 });
    expect(overdueOf("2026-11-20", at("2026-11-21T00:00:00.000Z"))).toEqual({ overdue: true, daysOverdue: 1 });
    expect(overdueOf("2026-11-20T22:00:00.000Z", at("2026-11-23T01:00:00.000Z"))).toEqual({
      overdue: true,
      daysOverdue: 3,
    });
    expect(overdueOf(null, at("2026-11-23T01:00:00.000Z"))).toEqual({ overdue: false, daysOverdue: 0 });
  });
});
