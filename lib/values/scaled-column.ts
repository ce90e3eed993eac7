import { decimalText } from "./format";
import type { RawValue } from "./raw-value";

/**
 * A column of decimal values held as integers at one scale, so the exact sum over any subset of rows is a run of
 * BigInt additions: the totals of a new view of 70,000 rows cost milliseconds, not the big.js adds of every value.
 */
export class ScaledColumn {
  private readonly scale: number;
  private readonly values: (bigint | null)[];

  constructor(raw: readonly RawValue[]) {
    const decimals = raw.map((value) => {
      const text = decimalText(value);
      return text === null ? null : text.replace(/^\+/, "");
    });
    // A loop, not Math.max(...values): a spread of 100,000 arguments overflows the stack.
    let scale = 0;
    for (const text of decimals) if (text?.includes(".")) scale = Math.max(scale, text.length - text.indexOf(".") - 1);
    this.scale = Math.min(30, scale);
    this.values = decimals.map((text) => (text === null ? null : this.scaled(text)));
  }

  private scaled(text: string): bigint {
    const [whole = "0", fraction = ""] = text.split(".");
    return BigInt(`${whole}${fraction.padEnd(this.scale, "0")}`);
  }

  /** The exact sum of the rows at these positions that hold a decimal; null when none does. */
  sum(positions: Iterable<number>): string | null {
    let total = 0n;
    let any = false;
    for (const position of positions) {
      const value = this.values[position];
      if (value === null || value === undefined) continue;
      total += value;
      any = true;
    }
    return any ? this.text(total) : null;
  }

  private text(total: bigint): string {
    const negative = total < 0n;
    const digits = (negative ? -total : total).toString().padStart(this.scale + 1, "0");
    const whole = digits.slice(0, digits.length - this.scale);
    const fraction = digits.slice(digits.length - this.scale).replace(/0+$/, "");
    return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
  }
}
