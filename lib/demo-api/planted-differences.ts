// The deliberate differences between funds' aggregates and their investors, spelled out for tests to assert against.
import { formatCents, parseCents } from "./format";
import type { DemoStore } from "./store";
import type { CalculationMethod, DemoFund, DemoInvestor } from "./types";

interface PlantedFund {
  fundId: string;
  fundIndex: number;
}

/** total_contributed is smaller than the investors' sum by one recent contribution not yet posted. */
export interface ContributionLag extends PlantedFund {
  investorId: string;
  /** The investor's contributed_amount, exactly the gap. */
  contributedAmount: string;
  /** The latest contributed_at of the fund. */
  contributedAt: string;
  fundTotalContributed: string;
  investorsTotalContributed: string;
}

/** investor_count also counts one invited investor the list does not show. */
export interface UncountedInvestor extends PlantedFund {
  investorCount: number;
  listed: number;
}

export interface FeeOmission {
  investorId: string;
  managementFeeAmount: string;
  /** As served: the fee left out. */
  totalCapitalDue: string;
  /** As the calculation method says: served total plus the fee. */
  expectedTotalCapitalDue: string;
}

/** A few investors of a gross or investment fund whose total_capital_due leaves out the management fee. */
export interface FeeOmissions extends PlantedFund {
  calculationMethod: CalculationMethod;
  investors: FeeOmission[];
}

/** null where the config has no fund that fits (too few funds past index 2). */
export interface PlantedDifferences {
  contributionLag: ContributionLag | null;
  uncountedInvestor: UncountedInvestor | null;
  feeOmitted: FeeOmissions | null;
}

function sumCents(investors: readonly DemoInvestor[]): string {
  return formatCents(investors.reduce((sum, investor) => sum + parseCents(investor.contributed_amount), 0n));
}

/** Generates the planted funds' investor lists (three small funds) to name investors and exact amounts. */
export function plantedDifferences(store: DemoStore): PlantedDifferences {
  const result: PlantedDifferences = { contributionLag: null, uncountedInvestor: null, feeOmitted: null };
  for (const [fundIndex, plants] of store.plants) {
    const fund: DemoFund = store.funds[fundIndex]!;
    const investors = store.listInvestors(fund.id)!;
    const where = { fundId: fund.id, fundIndex };
    if (plants.uncounted)
      result.uncountedInvestor = { ...where, investorCount: fund.investor_count, listed: investors.length };
    if (plants.lateContribution !== null) {
      const late = investors[plants.lateContribution]!;
      result.contributionLag = {
        ...where,
        investorId: late.id,
        contributedAmount: late.contributed_amount,
        contributedAt: late.contributed_at ?? "",
        fundTotalContributed: fund.total_contributed,
        investorsTotalContributed: sumCents(investors),
      };
    }
    if (plants.feeOmitted.length > 0) {
      result.feeOmitted = {
        ...where,
        calculationMethod: fund.calculation_method,
        investors: plants.feeOmitted.map((position) => {
          const investor = investors[position]!;
          const fee = investor.management_fee_amount ?? "0.00";
          const due = investor.total_capital_due ?? "0.00";
          return {
            investorId: investor.id,
            managementFeeAmount: fee,
            totalCapitalDue: due,
            expectedTotalCapitalDue: formatCents(parseCents(due) + parseCents(fee)),
          };
        }),
      };
    }
  }
  return result;
}
