import Big from "big.js";
import { decimalText } from "./format";
import type { RawValue } from "./raw-value";

/** An exact running sum of the values that are plain decimals (others are left out); null when none was. */
export class DecimalSum {
  private sum: Big | null = null;

  add(value: RawValue): void {
    const decimal = decimalText(value);
    // big.js takes no leading "+", which the API may send.
    if (decimal !== null) this.sum = (this.sum ?? new Big(0)).plus(decimal[0] === "+" ? decimal.slice(1) : decimal);
  }

  get total(): string | null {
    return this.sum === null ? null : this.sum.toFixed();
  }
}

/** Exact sum of the values that are plain decimals; null when none is. */
export function sumDecimals(values: Iterable<RawValue>): string | null {
  const sum = new DecimalSum();
  for (const value of values) sum.add(value);
  return sum.total;
}

/** part / whole × 100 unclamped (past 100 when part is larger), to big.js's 20 decimals; null when not worked out. */
export function percentOf(part: RawValue, whole: RawValue): string | null {
  const a = decimalText(part);
  const b = decimalText(whole);
  if (a === null || b === null || new Big(b).lte(0)) return null;
  return new Big(a.replace(/^\+/, "")).times(100).div(b.replace(/^\+/, "")).toFixed();
}

/** part / whole × 100, clamped to 0–100 and rounded to one decimal, as text; null when it cannot be worked out. */
export function shareOf(part: RawValue, whole: RawValue): string | null {
  const a = decimalText(part);
  const b = decimalText(whole);
  if (a === null || b === null || new Big(b).lte(0)) return null;
  const share = new Big(a).div(b).times(100);
  if (share.lt(0)) return "0.0";
  return share.gt(100) ? "100.0" : share.toFixed(1);
}
