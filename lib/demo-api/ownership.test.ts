import { describe, expect, it } from "vitest";
import type { InvestorAmounts } from "./fund-terms";
import { formatOwnership, ownershipUnits } from "./ownership";
import { Rng } from "./prng";

function amounts(commitments: readonly (number | null)[]): InvestorAmounts[] {
  return commitments.map((commitment) => ({
    commitment,
    feeTenths: 0,
    fee: null,
    expenseShare: null,
    totalDue: null,
    contributed: 0,
    received: 0,
    status: "none",
  }));
}

describe("ownership by largest remainder", () => {
  it("adds up to exactly 100% and stays within 0.0001 of each exact share", () => {
    const rng = new Rng(5);
    for (let round = 0; round < 50; round++) {
      const commitments = Array.from({ length: rng.int(1, 3000) }, () =>
        rng.chance(0.02) ? null : rng.int(1, 250_000_000),
      );
      const total = commitments.reduce<bigint>((sum, c) => sum + BigInt(c ?? 0), 0n);
      if (total === 0n) continue;
      const units = ownershipUnits(amounts(commitments), total);
      expect(units.reduce<number>((sum, u) => sum + (u ?? 0), 0)).toBe(1_000_000);
      commitments.forEach((c, i) => {
        if (c === null) return expect(units[i]).toBeNull();
        const error = BigInt(units[i]!) * total - BigInt(c) * 1_000_000n;
        expect(error < total && -error < total).toBe(true);
      });
    }
  });

  it("gives the leftover to the earliest of equal remainders, and null without commitments", () => {
    expect(ownershipUnits(amounts([1, 1, 1]), 3n)).toEqual([333_334, 333_333, 333_333]);
    expect(ownershipUnits(amounts([null, 5]), 5n)).toEqual([null, 1_000_000]);
    expect(ownershipUnits(amounts([null]), 0n)).toEqual([null]);
  });

  it("formats ten-thousandths of a percent", () => {
    expect(formatOwnership(1_000_000)).toBe("100.0000");
    expect(formatOwnership(333_334)).toBe("33.3334");
    expect(formatOwnership(7)).toBe("0.0007");
  });
});
