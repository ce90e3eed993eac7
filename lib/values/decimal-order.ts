/**
 * The exact order of two plain decimals as decimalText gives them ("-12.5", "+3", "0.10"): both read as BigInt at
 * their common scale, so no float decides and the browser needs no big.js to sort a column.
 */
export function compareDecimals(a: string, b: string): number {
  const [wholeA = "0", fractionA = ""] = a.split(".");
  const [wholeB = "0", fractionB = ""] = b.split(".");
  const scale = Math.max(fractionA.length, fractionB.length);
  const x = BigInt(`${wholeA}${fractionA.padEnd(scale, "0")}`);
  const y = BigInt(`${wholeB}${fractionB.padEnd(scale, "0")}`);
  return x === y ? 0 : x < y ? -1 : 1;
}
