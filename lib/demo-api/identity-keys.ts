// Identifiers unique by construction: a one-to-one scramble of an index, so no two records share one by chance.
import { hashSeed } from "./prng";

// A prime squared, so coprime with every modulus here: ((index + offset) * MULTIPLIER) mod m is one to one on [0, m);
// squared so that even 14-digit moduli wrap after the first index and small indexes do not look sequential.
const MULTIPLIER = 2_654_435_761n ** 2n;
const SSN_PER_AREA = 99 * 9999;
const EIN_PER_PREFIX = 10_000_000;

/** Identity tax ids: SSN areas 001-665, EIN prefixes 10-89; secrets of the reference shape use other ranges. */
export const IDENTITY_SSN_AREAS = [1, 665] as const;
export const IDENTITY_EIN_PREFIXES = [10, 89] as const;

const SMALL_MODULUS = 2 ** 31;
const multiplierMod = new Map<number, number>();

/** a·b mod m for a, b < m < 2^31, in doubles: every partial product stays below 2^53. */
function mulMod(a: number, b: number, m: number): number {
  return (((a * Math.floor(b / 65_536)) % m) * 65_536 + a * (b % 65_536)) % m;
}

/** Maps index to [0, modulus), one to one for indexes below the modulus (beyond it values repeat). */
export function scrambleExact(index: number, modulus: number, seed: number, salt: number): number {
  return Number(((BigInt(index) + BigInt(hashSeed(seed, salt) + 1)) * MULTIPLIER) % BigInt(modulus));
}

/** scrambleExact, computed in doubles where the modulus allows. */
export function scramble(index: number, modulus: number, seed: number, salt: number): number {
  if (modulus >= SMALL_MODULUS) return scrambleExact(index, modulus, seed, salt);
  const offset = hashSeed(seed, salt) + 1;
  // Same value as the BigInt form, without a BigInt per call: tax ids and email tags are made for every investor.
  let factor = multiplierMod.get(modulus);
  if (factor === undefined) multiplierMod.set(modulus, (factor = Number(MULTIPLIER % BigInt(modulus))));
  return mulMod((index + offset) % modulus, factor, modulus);
}

/** AAA-GG-SSSS with the area in [first, last]. */
export function uniqueSsn(index: number, seed: number, salt: number, [first, last]: readonly [number, number]): string {
  const u = scramble(index, (last - first + 1) * SSN_PER_AREA, seed, salt);
  const area = first + Math.floor(u / SSN_PER_AREA);
  const group = 1 + (Math.floor(u / 9999) % 99);
  const serial = 1 + (u % 9999);
  return `${String(area).padStart(3, "0")}-${String(group).padStart(2, "0")}-${String(serial).padStart(4, "0")}`;
}

/** NN-NNNNNNN with the prefix in [first, last]. */
export function uniqueEin(index: number, seed: number, salt: number, [first, last]: readonly [number, number]): string {
  const u = scramble(index, (last - first + 1) * EIN_PER_PREFIX, seed, salt);
  return `${first + Math.floor(u / EIN_PER_PREFIX)}-${String(u % EIN_PER_PREFIX).padStart(7, "0")}`;
}

/** Digits of email tags: at least 5, enough for one distinct tag per identity. */
export function emailTagDigits(identities: number): number {
  let digits = 5;
  while (9 * 10 ** (digits - 1) < identities) digits++;
  return digits;
}

/** A number of exactly `digits` digits, distinct for each identity index. */
export function emailTag(index: number, digits: number, seed: number): number {
  const low = 10 ** (digits - 1);
  return low + scramble(index, 9 * low, seed, 0xe7a1);
}
