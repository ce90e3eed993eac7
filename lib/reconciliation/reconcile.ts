import Big from "big.js";
import { decimalText } from "../values/format";
import type { FundCheck, FundCheckId, FundFigures, InvestorCheck, InvestorFigures, Reconciliation } from "./types";
import { countOf } from "../values/count";

/** A plain decimal as big.js reads it, or null when absent or not a number. */
export function decimal(value: unknown): Big | null {
  const text = typeof value === "string" || typeof value === "number" ? decimalText(value) : null;
  return text === null ? null : new Big(text.replace(/^\+/, ""));
}

/** Decimal places of a plain decimal as given ("100.50" → 2): results keep the figures' own scale. */
export function scaleOf(...values: unknown[]): number {
  let scale = 0;
  for (const value of values) {
    const text = typeof value === "string" || typeof value === "number" ? decimalText(value) : null;
    const dot = text?.indexOf(".") ?? -1;
    if (text !== null && dot !== -1) scale = Math.max(scale, text.length - dot - 1);
  }
  return scale;
}

function sumOf(investors: readonly InvestorFigures[], field: keyof InvestorFigures) {
  let sum = new Big(0);
  let skipped = 0;
  let scale = 0;
  for (const investor of investors) {
    const value = decimal(investor[field]);
    if (value === null) skipped += 1;
    else {
      sum = sum.plus(value);
      scale = Math.max(scale, scaleOf(investor[field]));
    }
  }
  return { sum, skipped, scale };
}

interface Sum {
  sum: Big;
  skipped: number;
  scale: number;
}

function compared(
  id: FundCheckId,
  label: string,
  formula: string,
  fund: { value: Big; scale: number } | null,
  { sum: investors, skipped, scale }: Sum,
  why: string,
  tolerance = new Big(0),
): FundCheck {
  if (fund === null)
    return {
      id,
      label,
      formula,
      fund: null,
      investors: investors.toFixed(scale),
      difference: null,
      skipped,
      status: "cannot_check",
      reason: why,
    };
  // Addition and subtraction never need more places than their operands: this is exact.
  const places = Math.max(scale, fund.scale);
  const difference = fund.value.minus(investors);
  const status = difference.abs().lte(tolerance) ? "holds" : "differs";
  return {
    id,
    label,
    formula,
    fund: fund.value.toFixed(places),
    investors: investors.toFixed(places),
    difference: difference.toFixed(places),
    skipped,
    status,
    reason: null,
  };
}

function figure(value: unknown): { value: Big; scale: number } | null {
  const number = decimal(value);
  return number === null ? null : { value: number, scale: scaleOf(value) };
}

function wholeNumber(value: unknown): { value: Big; scale: number } | null {
  const number = decimal(value);
  return number !== null && number.round(0).eq(number) ? { value: number, scale: 0 } : null;
}

/** The five checks of a fund's own figures against its investors'; `difference` is the fund's minus the investors'. */
export function fundChecks(
  fund: FundFigures,
  investors: readonly InvestorFigures[],
  ownershipTolerance: Big,
): FundCheck[] {
  const sums = (field: keyof InvestorFigures) => sumOf(investors, field);
  const commitments = sums("commitment_amount");
  const contributed = sums("contributed_amount");
  const received = sums("total_received");
  const ownership = sums("ownership_percent");
  const ownershipCheck =
    ownership.skipped === investors.length
      ? {
          ...compared(
            "ownership_percent",
            "Ownership",
            "Σ ownership_percent = 100",
            null,
            ownership,
            "no investor has an ownership percent",
          ),
          fund: "100",
        }
      : compared(
          "ownership_percent",
          "Ownership",
          "Σ ownership_percent = 100",
          { value: new Big(100), scale: 0 },
          ownership,
          "",
          ownershipTolerance,
        );
  return [
    compared(
      "investor_count",
      "Investor count",
      "investor_count = number of investors listed",
      wholeNumber(fund.investor_count),
      { sum: new Big(investors.length), skipped: 0, scale: 0 },
      "the fund gives no investor count",
    ),
    compared(
      "total_commitments",
      "Total commitments",
      "total_commitments = Σ commitment_amount",
      figure(fund.total_commitments),
      commitments,
      "the fund gives no total commitments",
    ),
    compared(
      "total_contributed",
      "Total contributed",
      "total_contributed = Σ contributed_amount",
      figure(fund.total_contributed),
      contributed,
      "the fund gives no total contributed",
    ),
    compared(
      "total_received",
      "Total received",
      "total_received = Σ investors' total_received",
      figure(fund.total_received),
      received,
      "the fund gives no total received",
    ),
    ownershipCheck,
  ];
}

const methods: Record<string, { formula: string; parts: (keyof InvestorFigures)[] }> = {
  contribution: { formula: "total_capital_due = commitment_amount (contribution)", parts: ["commitment_amount"] },
  gross: {
    formula: "total_capital_due = commitment_amount + management_fee_amount (gross)",
    parts: ["commitment_amount", "management_fee_amount"],
  },
  investment: {
    formula: "total_capital_due = commitment_amount + management_fee_amount + expense_reserve_amount (investment)",
    parts: ["commitment_amount", "management_fee_amount", "expense_reserve_amount"],
  },
};

/** What an investor's figure should be by the check's formula; null when a value it needs is absent. */
export function expectedValue(
  check: InvestorCheck["id"],
  method: string | null | undefined,
  investor: InvestorFigures,
): Big | null {
  if (check === "unfunded_commitment_amount") {
    const commitment = decimal(investor.commitment_amount);
    const contributed = decimal(investor.contributed_amount);
    if (commitment === null || contributed === null) return null;
    const unfunded = commitment.minus(contributed);
    return unfunded.lt(0) ? new Big(0) : unfunded;
  }
  const parts = methods[method?.trim().toLowerCase() ?? ""]?.parts;
  if (!parts) return null;
  let total = new Big(0);
  for (const part of parts) {
    const value = decimal(investor[part]);
    if (value === null) return null;
    total = total.plus(value);
  }
  return total;
}

/** Whether an investor's figure differs from its formula (false when it cannot be checked). */
export function investorDiffers(
  check: InvestorCheck["id"],
  method: string | null | undefined,
  investor: InvestorFigures,
): boolean {
  const given = decimal(investor[check]);
  const expected = expectedValue(check, method, investor);
  return given !== null && expected !== null && !given.eq(expected);
}

/** The two checks each investor's figures get, counted over the fund: who differs, and how many could not be checked. */
export function investorChecks(fund: FundFigures, investors: readonly InvestorFigures[]): InvestorCheck[] {
  const method = fund.calculation_method?.trim().toLowerCase() ?? "";
  const dueFormula = methods[method]?.formula ?? "total_capital_due by the fund's calculation method";
  const definitions = [
    {
      id: "total_capital_due" as const,
      label: "Total capital due",
      formula: dueFormula,
      noMethod: methods[method] === undefined,
    },
    {
      id: "unfunded_commitment_amount" as const,
      label: "Unfunded commitment",
      formula: "unfunded_commitment_amount = max(0, commitment_amount − contributed_amount)",
      noMethod: false,
    },
  ];
  return definitions.map(({ id, label, formula, noMethod }) => {
    const investorIds = investors
      .filter((investor) => investorDiffers(id, method, investor))
      .map((investor) => investor.id);
    const unchecked = investors.filter(
      (investor) => decimal(investor[id]) === null || expectedValue(id, method, investor) === null,
    ).length;
    const reason = noMethod
      ? `the fund's calculation method (${fund.calculation_method ?? "none"}) is not one the spec describes`
      : unchecked > 0
        ? `${countOf(unchecked, "investor lacks", "investors lack")} a value the formula needs`
        : null;
    return { id, label, formula, differing: investorIds.length, investorIds, unchecked, reason };
  });
}

/** A fund's reconciliation, in exact decimals. */
export function reconcile(
  fundId: string,
  fund: FundFigures,
  investors: readonly InvestorFigures[],
  ownershipTolerance: Big,
): Reconciliation {
  return {
    fundId,
    checks: fundChecks(fund, investors, ownershipTolerance),
    investorChecks: investorChecks(fund, investors),
  };
}

/** How many things differ: fund checks that differ, and investor checks with differing investors. */
export function differenceCount(reconciliation: Reconciliation): number {
  return (
    reconciliation.checks.filter((check) => check.status === "differs").length +
    reconciliation.investorChecks.filter((check) => check.differing > 0).length
  );
}
