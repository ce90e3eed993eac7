// Shared generators for names, contact details, addresses and bank identifiers.
import { nameSlug } from "./format";
import type { Rng } from "./prng";
import type { InvestorAddress } from "./types";
import {
  EMAIL_DOMAINS,
  FIRST_NAMES,
  INTERNATIONAL_CITIES,
  LAST_NAMES,
  STREET_NAMES,
  STREET_SUFFIXES,
  UNIT_PREFIXES,
  US_CITIES,
} from "./words";

export interface PersonName {
  first: string;
  middle: string | null;
  last: string;
}

export function personName(rng: Rng, last: string = rng.pick(LAST_NAMES)): PersonName {
  const middle = rng.chance(0.4)
    ? rng.chance(0.5)
      ? rng.pick(FIRST_NAMES)
      : `${rng.pick(FIRST_NAMES).charAt(0)}.`
    : null;
  return { first: rng.pick(FIRST_NAMES), middle, last };
}

export function fullName(name: PersonName): string {
  return name.middle === null ? `${name.first} ${name.last}` : `${name.first} ${name.middle} ${name.last}`;
}

function emailLocal(rng: Rng, first: string, last: string): string {
  return rng.chance(0.3) ? nameSlug(first).charAt(0) + nameSlug(last) : `${nameSlug(first)}.${nameSlug(last)}`;
}

export function email(rng: Rng, first: string, last: string, domain: string = rng.pick(EMAIL_DOMAINS)): string {
  return `${emailLocal(rng, first, last)}${rng.chance(0.2) ? rng.int(1, 99) : ""}@${domain}`;
}

/** A primary contact's email; the tag is unique per identity, so two investors share an email only on purpose. */
export function taggedEmail(
  rng: Rng,
  first: string,
  last: string,
  tag: number,
  domain: string = rng.pick(EMAIL_DOMAINS),
): string {
  return `${emailLocal(rng, first, last)}${tag}@${domain}`;
}

export function companyDomain(words: string): string {
  return `${nameSlug(words)}.com`;
}

/** Fictional 555-01xx numbers in the formats people actually type. */
export function usPhone(rng: Rng): string {
  const area = rng.int(201, 989);
  const line = `01${rng.digits(2)}`;
  switch (rng.int(0, 3)) {
    case 0:
      return `(${area}) 555-${line}`;
    case 1:
      return `${area}-555-${line}`;
    case 2:
      return `+1 ${area} 555 ${line}`;
    default:
      return `${area}.555.${line}`;
  }
}

export function internationalPhone(rng: Rng, prefix: string): string {
  return `${prefix} ${rng.digits(4)} ${rng.digits(4)}`;
}

export interface GeneratedAddress {
  address: InvestorAddress;
  /** International phone prefix, or null for US addresses. */
  phonePrefix: string | null;
}

export function address(rng: Rng, international: boolean): GeneratedAddress {
  const lineOne = `${rng.int(1, 9899)} ${rng.pick(STREET_NAMES)} ${rng.pick(STREET_SUFFIXES)}`;
  const lineTwo = rng.chance(0.35) ? `${rng.pick(UNIT_PREFIXES)} ${rng.int(1, 40)}${rng.chance(0.3) ? "B" : ""}` : null;
  if (international) {
    const [city, region, postal, country, phonePrefix] = rng.pick(INTERNATIONAL_CITIES);
    return { address: { line_one: lineOne, line_two: lineTwo, city, state: region, postal, country }, phonePrefix };
  }
  const [city, state, postal] = rng.pick(US_CITIES);
  return { address: { line_one: lineOne, line_two: lineTwo, city, state, postal, country: "US" }, phonePrefix: null };
}

const ROUTING_PREFIXES: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 21, 22, 26, 31];

/** ABA routing number with a valid check digit, from a Federal Reserve prefix and six more digits. */
export function abaRoutingNumber(prefix: number, sixDigits: string): string {
  const d = [Math.floor(prefix / 10), prefix % 10, ...Array.from(sixDigits, Number)];
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]!);
  return `${d.join("")}${(10 - (sum % 10)) % 10}`;
}

export function routingNumber(rng: Rng): string {
  return abaRoutingNumber(rng.pick(ROUTING_PREFIXES), rng.digits(6));
}

/** Bank account number, sometimes with leading zeros that must survive as a string. */
export function accountNumber(rng: Rng): string {
  const digits = rng.digits(rng.int(8, 12));
  return rng.chance(0.25) ? `00${digits.slice(2)}` : digits;
}

/** Prefixes 90-98 are left to the reference shape's secrets, which must never equal another value. */
export function ein(rng: Rng): string {
  return `${rng.int(10, 89)}-${rng.digits(7)}`;
}
