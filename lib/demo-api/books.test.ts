import { describe, expect, it } from "vitest";
import { defaultDemoConfig } from "./config";
import { parseCents } from "./format";
import { FEE_OMITTED } from "./plants";
import { plantedDifferences } from "./planted-differences";
import { familyOfficePair } from "./shared-identities";
import { createDemoStore, type DemoStore } from "./store";
import type { DemoFund, DemoInvestor } from "./types";

const store = createDemoStore();

const cents = (value: string | null | undefined): bigint =>
  value === null || value === undefined ? 0n : parseCents(value);
const sum = (investors: readonly DemoInvestor[], pick: (i: DemoInvestor) => string | null | undefined): bigint =>
  investors.reduce((total, investor) => total + cents(pick(investor)), 0n);
const investorsOf = (s: DemoStore, fund: DemoFund): DemoInvestor[] => s.listInvestors(fund.id)!;

/** Ownership "12.3456" in ten-thousandths of a percent. */
function ownershipUnits(value: string): bigint {
  const [whole, fraction] = value.split(".");
  expect(fraction).toHaveLength(4);
  return BigInt(whole!) * 10_000n + BigInt(fraction!);
}

function expectedDue(fund: DemoFund, investor: DemoInvestor): bigint {
  const commitment = cents(investor.commitment_amount);
  const fee = cents(investor.management_fee_amount);
  if (fund.calculation_method === "contribution") return commitment;
  if (fund.calculation_method === "gross") return commitment + fee;
  return commitment + fee + cents(investor.expense_reserve_amount);
}

/** Every spec rule; `skip` names what a planted difference is allowed to break. */
function expectTiesOut(
  s: DemoStore,
  fund: DemoFund,
  skip: { count?: boolean; contributed?: boolean; dueOf?: ReadonlySet<string> } = {},
): void {
  const investors = investorsOf(s, fund);
  if (!skip.count) expect(fund.investor_count, fund.id).toBe(investors.length);
  expect(cents(fund.total_commitments), fund.id).toBe(sum(investors, (i) => i.commitment_amount));
  if (!skip.contributed)
    expect(cents(fund.total_contributed), fund.id).toBe(sum(investors, (i) => i.contributed_amount));
  expect(cents(fund.total_received), fund.id).toBe(sum(investors, (i) => i.total_received));
  const total = cents(fund.total_commitments);
  let ownership = 0n;
  for (const investor of investors) {
    if (investor.commitment_amount === null) {
      expect([investor.total_capital_due, investor.unfunded_commitment_amount, investor.ownership_percent]).toEqual([
        null,
        null,
        null,
      ]);
      continue;
    }
    const commitment = cents(investor.commitment_amount);
    const unfunded = commitment - cents(investor.contributed_amount);
    expect(cents(investor.unfunded_commitment_amount)).toBe(unfunded > 0n ? unfunded : 0n);
    if (!skip.dueOf?.has(investor.id))
      expect(cents(investor.total_capital_due), investor.id).toBe(expectedDue(fund, investor));
    // Within one ten-thousandth of the exact share.
    const units = ownershipUnits(investor.ownership_percent!);
    const error = units * total - commitment * 1_000_000n;
    expect(error < total && -error < total, investor.id).toBe(true);
    ownership += units;
  }
  if (total > 0n) expect(ownership, `${fund.id} ownership`).toBe(1_000_000n);
}

describe("books that tie out", () => {
  const planted = plantedDifferences(store);

  it("ties out exactly in every fund without a planted difference", () => {
    expect(store.plants.size).toBe(3);
    for (const [index, fund] of store.funds.entries()) if (!store.plants.has(index)) expectTiesOut(store, fund);
  });

  it("plants one contribution the fund's total_contributed lags by, the fund's latest", () => {
    const lag = planted.contributionLag!;
    const fund = store.funds[lag.fundIndex]!;
    const investors = investorsOf(store, fund);
    const late = investors.find((i) => i.id === lag.investorId)!;
    expect(cents(late.contributed_amount) > 0n).toBe(true);
    expect(lag.contributedAmount).toBe(late.contributed_amount);
    expect(cents(fund.total_contributed) + cents(late.contributed_amount)).toBe(
      sum(investors, (i) => i.contributed_amount),
    );
    expect(cents(lag.investorsTotalContributed) - cents(lag.fundTotalContributed)).toBe(cents(lag.contributedAmount));
    const others = investors
      .filter((i) => i !== late && i.contributed_at !== null)
      .map((i) => Date.parse(i.contributed_at!));
    expect(Date.parse(late.contributed_at!)).toBeGreaterThan(Math.max(...others));
    expectTiesOut(store, fund, { contributed: true });
  });

  it("plants one fund whose investor_count counts one investor not listed yet", () => {
    const uncounted = planted.uncountedInvestor!;
    const fund = store.funds[uncounted.fundIndex]!;
    expect(fund.investor_count).toBe(investorsOf(store, fund).length + 1);
    expect(uncounted.investorCount - uncounted.listed).toBe(1);
    expectTiesOut(store, fund, { count: true });
  });

  it("plants a handful of investors whose total_capital_due leaves out the management fee", () => {
    const omitted = planted.feeOmitted!;
    const fund = store.funds[omitted.fundIndex]!;
    expect(["gross", "investment"]).toContain(fund.calculation_method);
    expect(omitted.investors.length).toBe(FEE_OMITTED);
    expect(FEE_OMITTED >= 3 && FEE_OMITTED <= 6).toBe(true);
    const investors = investorsOf(store, fund);
    for (const planted of omitted.investors) {
      const investor = investors.find((i) => i.id === planted.investorId)!;
      const fee = cents(investor.management_fee_amount);
      expect(fee > 0n).toBe(true);
      expect(cents(investor.total_capital_due)).toBe(expectedDue(fund, investor) - fee);
      expect(cents(planted.expectedTotalCapitalDue)).toBe(expectedDue(fund, investor));
      expect(planted.totalCapitalDue).toBe(investor.total_capital_due);
    }
    expectTiesOut(store, fund, { dueOf: new Set(omitted.investors.map((i) => i.investorId)) });
  });

  it("keeps planted differences off the family office pair's records", () => {
    const pair = new Set(familyOfficePair(store)!.members.map((m) => m.investorId));
    const planted = plantedDifferences(store);
    expect(pair.has(planted.contributionLag!.investorId)).toBe(false);
    expect(planted.feeOmitted!.investors.some((i) => pair.has(i.investorId))).toBe(false);
  });

  it("keeps planted differences out of funds 0 to 2 and out of faulty funds, one fund each", () => {
    const indexes = [
      planted.contributionLag!.fundIndex,
      planted.uncountedInvestor!.fundIndex,
      planted.feeOmitted!.fundIndex,
    ];
    expect(new Set(indexes).size).toBe(3);
    expect(indexes.every((i) => i > 2)).toBe(true);
    const embedded = createDemoStore(defaultDemoConfig());
    const faulty = new Set(embedded.config.faultyFunds.map((f) => f.index));
    expect([...embedded.plants.keys()].some((i) => faulty.has(i))).toBe(false);
    expect(plantedDifferences(embedded)).toEqual(planted);
  });

  it("has capital overdue (due dates long past, money short) and capital not due until 2028 or later", () => {
    const now = Date.now();
    const overdue = store.funds.filter((fund) => {
      if (!fund.capital_due_date || Date.parse(fund.capital_due_date) > now - 365 * 86_400_000) return false;
      return investorsOf(store, fund).some((i) => cents(i.total_received) < cents(i.total_capital_due));
    });
    expect(overdue.length).toBeGreaterThanOrEqual(5);
    expect(store.funds.filter((fund) => (fund.capital_due_date ?? "") >= "2028").length).toBeGreaterThanOrEqual(3);
  });

  it("ties out in a config of large funds too, with the differences planted past index 2", () => {
    const big = createDemoStore({ fundCount: 8, investorsPerFund: 300, seed: 7 });
    const differences = plantedDifferences(big);
    expect(differences.contributionLag?.fundIndex).toBeGreaterThan(2);
    expect(differences.uncountedInvestor?.fundIndex).toBeGreaterThan(2);
    expect(differences.feeOmitted?.fundIndex).toBeGreaterThan(2);
    for (const [index, fund] of big.funds.entries()) if (!big.plants.has(index)) expectTiesOut(big, fund);
  });

  it("plants nothing where no fund lies past index 2", () => {
    expect(plantedDifferences(createDemoStore({ fundCount: 3 }))).toEqual({
      contributionLag: null,
      uncountedInvestor: null,
      feeOmitted: null,
    });
  });
});
