import { describe, expect, it } from "vitest";
import { formatCents, formatTenths, isoDate, isoTimestamp, mulDivRound, nameSlug } from "./format";
import { Rng, hashSeed } from "./prng";

describe("format", () => {
  it("formats integer cents exactly", () => {
    expect(formatCents(0)).toBe("0.00");
    expect(formatCents(5)).toBe("0.05");
    expect(formatCents(500_000)).toBe("5000.00");
    expect(formatCents(-1234)).toBe("-12.34");
    expect(formatCents(1234567890123456789n)).toBe("12345678901234567.89");
    expect(() => formatCents(0.5)).toThrow(RangeError);
  });

  it("formats tenths", () => {
    expect(formatTenths(200)).toBe("20.0");
    expect(formatTenths(5)).toBe("0.5");
    expect(formatTenths(0)).toBe("0.0");
  });

  it("matches Date#toISOString for timestamps and dates", () => {
    const rng = new Rng(7);
    for (let i = 0; i < 2000; i++) {
      const ms = rng.int(0, 4_102_444_800_000);
      expect(isoTimestamp(ms)).toBe(new Date(ms).toISOString());
      expect(isoDate(ms)).toBe(new Date(ms).toISOString().slice(0, 10));
    }
  });

  it("divides with half-up rounding in integers", () => {
    expect(mulDivRound(1, 1, 2n)).toBe(1);
    expect(mulDivRound(1, 1, 3n)).toBe(0);
    expect(mulDivRound(7, 3, 0n)).toBe(0);
  });

  it("folds names into ASCII email slugs", () => {
    expect(nameSlug("Nguyễn")).toBe("nguyen");
    expect(nameSlug("Søren")).toBe("soren");
    expect(nameSlug("O'Brien")).toBe("obrien");
    expect(nameSlug("Van der Berg")).toBe("vanderberg");
  });
});

describe("prng", () => {
  it("is deterministic per seed and differs across seeds", () => {
    const a = new Rng(hashSeed(42, 1));
    const b = new Rng(hashSeed(42, 1));
    const c = new Rng(hashSeed(42, 2));
    const seqA = Array.from({ length: 8 }, () => a.u32());
    expect(Array.from({ length: 8 }, () => b.u32())).toEqual(seqA);
    expect(Array.from({ length: 8 }, () => c.u32())).not.toEqual(seqA);
  });

  it("formats RFC 4122 v4 UUIDs and stays in range", () => {
    const rng = new Rng(1);
    const ids = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const id = rng.uuid();
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      ids.add(id);
      const n = rng.int(3, 5);
      expect(n >= 3 && n <= 5).toBe(true);
      expect(rng.digits(12)).toMatch(/^\d{12}$/);
    }
    expect(ids.size).toBe(1000);
  });
});
