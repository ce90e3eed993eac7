import { describe, expect, it } from "vitest";
import { Fenwick } from "./fenwick";
import { emailTag, emailTagDigits, scramble, scrambleExact, uniqueEin, uniqueSsn } from "./identity-keys";
import { Rng } from "./prng";

describe("unique keys", () => {
  it("scrambles one to one below the modulus", () => {
    for (const modulus of [1, 7, 1000, 9 * 99 * 9999]) {
      const seen = new Set<number>();
      const n = Math.min(modulus, 20_000);
      for (let i = 0; i < n; i++) seen.add(scramble(i, modulus, 42, 1));
      expect(seen.size).toBe(n);
      expect([...seen].every((v) => v >= 0 && v < modulus)).toBe(true);
    }
  });

  it("computes the exact BigInt value in doubles below 2^31", () => {
    const rng = new Rng(8);
    for (let i = 0; i < 5000; i++) {
      const modulus = i < 10 ? 2 ** 31 - 1 - i : rng.int(1, 2 ** 31 - 1);
      const index = rng.int(0, 2 ** 40);
      expect(scramble(index, modulus, 42, i)).toBe(scrambleExact(index, modulus, 42, i));
    }
  });

  it("formats distinct SSNs and EINs inside their ranges", () => {
    const ssns = new Set<string>();
    const eins = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const ssn = uniqueSsn(i, 42, 5, [700, 728]);
      expect(ssn).toMatch(/^7[0-2]\d-(0[1-9]|[1-9]\d)-\d{4}$/);
      expect(Number(ssn.slice(0, 3))).toBeLessThanOrEqual(728);
      expect(ssn.endsWith("0000")).toBe(false);
      ssns.add(ssn);
      const ein = uniqueEin(i, 42, 6, [90, 98]);
      expect(ein).toMatch(/^9\d-\d{7}$/);
      eins.add(ein);
    }
    expect(ssns.size).toBe(20_000);
    expect(eins.size).toBe(20_000);
  });

  it("gives every identity an email tag of the same width, distinct", () => {
    expect(emailTagDigits(10)).toBe(5);
    expect(emailTagDigits(90_000)).toBe(5);
    expect(emailTagDigits(90_001)).toBe(6);
    const tags = new Set(Array.from({ length: 5000 }, (_, i) => emailTag(i, 5, 42)));
    expect(tags.size).toBe(5000);
    expect([...tags].every((tag) => tag >= 10_000 && tag <= 99_999)).toBe(true);
  });
});

describe("Fenwick picks", () => {
  it("picks in proportion to weights, never a zero weight, and follows updates", () => {
    const tree = new Fenwick([5, 0, 3, 0, 2]);
    const counts = [0, 0, 0, 0, 0];
    const rng = new Rng(3);
    for (let i = 0; i < 10_000; i++) counts[tree.find(rng.next() * tree.total)]!++;
    expect(counts[1]).toBe(0);
    expect(counts[3]).toBe(0);
    expect(counts[0]! / 10_000).toBeCloseTo(0.5, 1);
    expect(counts[4]! / 10_000).toBeCloseTo(0.2, 1);
    tree.add(0, -5);
    expect(tree.total).toBe(5);
    expect(tree.find(0)).toBe(2);
    expect(tree.find(4.5)).toBe(4);
  });
});
