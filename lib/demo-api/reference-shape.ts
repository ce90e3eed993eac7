// The field reference's investor shape, plus unknown nested objects full of secrets a masking layer must catch.
import { scramble, uniqueEin, uniqueSsn } from "./identity-keys";
import { abaRoutingNumber } from "./people";
import type { DemoFund, DemoInvestor } from "./types";

/** The six members the field reference puts at the investor's top level (the examples nest them). */
export const MOVED_TO_TOP = [
  "phone_number",
  "fax_number",
  "joint_legal_name",
  "joint_email",
  "tax_id",
  "tax_id_type",
] as const;

type SecretPath = readonly (string | number)[];

/** Where the reference shape's secrets sit; every value there is distinct across the whole store. */
export const INVESTOR_SECRET_PATHS: readonly SecretPath[] = [
  ["kyc", "documents", 0, "SSN"],
  ["kyc", "Tax-ID"],
  ["kyc", "tax id"],
  ["custodian", "iban"],
  ["custodian", "account number"],
  ["custodian", "routing_number"],
  ["custodian", "swift_code"],
  ["ein"],
  ["profile", "identifiers", "itin"],
];
export const FUND_SECRET_PATHS: readonly SecretPath[] = [
  ["servicing", "escrow", "account_number"],
  ["servicing", "escrow", "iban"],
  ["servicing", "escrow", "Routing Number"],
];

/** The string values at the given paths of a record (absent or non-string ones skipped). */
export function secretsAt(record: unknown, paths: readonly SecretPath[]): string[] {
  return paths.flatMap((path) => {
    const value = path.reduce<unknown>(
      (node, key) => (typeof node === "object" && node !== null ? (node as Record<string, unknown>)[key] : undefined),
      record,
    );
    return typeof value === "string" && value !== "" ? [value] : [];
  });
}

// Other SSN areas, EIN prefixes and routing prefixes than the served records use, so no secret equals one of theirs.
const SSN_AREAS = [667, 899] as const;
const EIN_PREFIXES = [90, 98] as const;
const ROUTING_PREFIXES: readonly number[] = [61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72];

function digits(serial: number, count: number, seed: number, salt: number): string {
  return String(scramble(serial, 10 ** count, seed, salt)).padStart(count, "0");
}

/** A GB IBAN with valid check digits (ISO 13616 mod 97). */
function iban(serial: number, seed: number, salt: number): string {
  const bban = `NWBK${digits(serial, 14, seed, salt)}`;
  const numeric = `${bban}GB00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  return `GB${String(98n - (BigInt(numeric) % 97n)).padStart(2, "0")}${bban}`;
}

function routing(serial: number, seed: number, salt: number): string {
  const u = scramble(serial, ROUTING_PREFIXES.length * 1_000_000, seed, salt);
  return abaRoutingNumber(
    ROUTING_PREFIXES[u % ROUTING_PREFIXES.length]!,
    String(Math.floor(u / ROUTING_PREFIXES.length)).padStart(6, "0"),
  );
}

function itin(serial: number, seed: number): string {
  const u = scramble(serial, 100 * 19 * 10_000, seed, 0x171);
  return `9${String(Math.floor(u / 190_000)).padStart(2, "0")}-${70 + (Math.floor(u / 10_000) % 19)}-${String(u % 10_000).padStart(4, "0")}`;
}

/** Every this-many-th record (the first included) has a primary-contact email with a `?bcc=` query. */
export const HOSTILE_EMAIL_EVERY = 37;

/** Moves the six members up and adds the secrets; serial is the record's store-wide position. */
export function toReferenceShape(investor: DemoInvestor, serial: number, seed: number): DemoInvestor {
  const { id, investment_account: nested, ...rest } = investor;
  const account = { ...nested };
  const top: Record<string, unknown> = {};
  for (const key of MOVED_TO_TOP) {
    if (!(key in account)) continue;
    top[key] = account[key];
    delete account[key];
  }
  const status =
    typeof rest.kyc === "object" && rest.kyc !== null ? (rest.kyc as { status?: unknown }).status : undefined;
  // Some contacts carry an email with a query, as a hostile upstream might: a mailto link would hide a BCC.
  const primary =
    serial % HOSTILE_EMAIL_EVERY === 0
      ? { ...rest.primary_contact, email: `victim${serial}@example.com?bcc=attacker@evil.example` }
      : rest.primary_contact;
  return {
    id,
    investment_account: account,
    ...top,
    ...rest,
    primary_contact: primary,
    kyc: {
      status: status ?? "verified",
      documents: [{ kind: "passport", issuing_country: "US", SSN: uniqueSsn(serial, seed, 0x551, SSN_AREAS) }],
      "Tax-ID": `DE${digits(serial, 11, seed, 0x7a1)}`,
      "tax id": `UTR ${digits(serial, 10, seed, 0x7a2)}`,
    },
    custodian: {
      name: "Meridian Custody Trust Company",
      iban: iban(serial, seed, 0x1ba),
      "account number": digits(serial, 14, seed, 0xacc),
      routing_number: routing(serial, seed, 0x207),
      swift_code: `MCTCUS${scramble(serial, 36 ** 5, seed, 0x5f7)
        .toString(36)
        .toUpperCase()
        .padStart(5, "0")}`,
    },
    ein: uniqueEin(serial, seed, 0xe19, EIN_PREFIXES),
    profile: { segment: "accredited", identifiers: { itin: itin(serial, seed) } },
  };
}

/** An escrow account nested where no fund field is; serial continues after all investors' positions. */
export function withFundSecrets(fund: DemoFund, serial: number, seed: number): void {
  fund.servicing = {
    administrator: "Meridian Fund Services",
    escrow: {
      agent: "Meridian Custody Trust Company",
      account_number: digits(serial, 14, seed, 0xacc),
      iban: iban(serial, seed, 0x1ba),
      "Routing Number": routing(serial, seed, 0x207),
    },
  };
}
