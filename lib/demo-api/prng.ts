// Seeded, fast PRNG (sfc32) so every generated value is reproducible from a seed.

/** Mixes any number of 32-bit integers into one well-distributed 32-bit seed. */
export function hashSeed(...parts: readonly number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x01000193);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
    h = Math.imul(h, 0x297a2d39);
    h ^= h >>> 15;
  }
  return h >>> 0;
}

const HEX: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    // Discard the first outputs: sfc32 needs a few rounds to diffuse a small seed.
    for (let i = 0; i < 15; i++) this.u32();
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }

  /** Picks by relative weights given as [value, weight] pairs. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of entries) total += weight;
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (last === undefined) throw new Error("weighted pick from an empty list");
    return last[0];
  }

  /** A string of `count` decimal digits (leading zeros allowed). */
  digits(count: number): string {
    let out = "";
    for (let left = count; left > 0; left -= 9) {
      const width = Math.min(left, 9);
      out += String(Math.floor(this.next() * 10 ** width)).padStart(width, "0");
    }
    return out;
  }

  /** RFC 4122 version-4 UUID built from PRNG output instead of crypto. */
  uuid(): string {
    const w0 = this.u32();
    const w1 = this.u32();
    const w2 = this.u32();
    const w3 = this.u32();
    const b6 = ((w1 >>> 8) & 0x0f) | 0x40;
    const b8 = ((w2 >>> 24) & 0x3f) | 0x80;
    return (
      HEX[w0 >>> 24]! +
      HEX[(w0 >>> 16) & 255]! +
      HEX[(w0 >>> 8) & 255]! +
      HEX[w0 & 255]! +
      "-" +
      HEX[w1 >>> 24]! +
      HEX[(w1 >>> 16) & 255]! +
      "-" +
      HEX[b6]! +
      HEX[w1 & 255]! +
      "-" +
      HEX[b8]! +
      HEX[(w2 >>> 16) & 255]! +
      "-" +
      HEX[(w2 >>> 8) & 255]! +
      HEX[w2 & 255]! +
      HEX[w3 >>> 24]! +
      HEX[(w3 >>> 16) & 255]! +
      HEX[(w3 >>> 8) & 255]! +
      HEX[w3 & 255]!
    );
  }
}
