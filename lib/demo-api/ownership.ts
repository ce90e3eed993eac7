// Ownership by largest remainder: each share within 0.0001 of exact, and a fund's shares add up to exactly 100.
import type { InvestorAmounts } from "./fund-terms";

/** 100% in steps of 0.0001 percentage points. */
const WHOLE = 1_000_000n;

/** Ownership of each investor in ten-thousandths of a percent (denominator: the fund's total commitment); null without a commitment. */
export function ownershipUnits(amounts: readonly InvestorAmounts[], denominator: bigint): (number | null)[] {
  const units: (number | null)[] = new Array<number | null>(amounts.length).fill(null);
  if (denominator <= 0n) return units;
  const holders: number[] = [];
  const remainders = new Float64Array(amounts.length);
  let assigned = 0n;
  amounts.forEach((a, i) => {
    if (a.commitment === null) return;
    const scaled = BigInt(a.commitment) * WHOLE;
    const share = scaled / denominator;
    units[i] = Number(share);
    // Exact as a double: the remainder is below the total, itself far below 2^53.
    remainders[i] = Number(scaled % denominator);
    assigned += share;
    holders.push(i);
  });
  // Ties go to the earlier investor so the order is deterministic.
  holders.sort((x, y) => remainders[y]! - remainders[x]! || x - y);
  const leftover = Number(WHOLE - assigned);
  for (let k = 0; k < leftover; k++) units[holders[k]!]! += 1;
  return units;
}

/** 1234567 → "123.4567". */
export function formatOwnership(units: number): string {
  const digits = String(units).padStart(5, "0");
  return `${digits.slice(0, -4)}.${digits.slice(-4)}`;
}
