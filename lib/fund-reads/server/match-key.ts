import "server-only";
import { createHmac } from "node:crypto";
import type { Investor } from "../../customer-api/schemas";
import { deploymentSecret } from "../../server/deployment-secret";

let known: Buffer | undefined;

/** The key every key is made with (looked up once per bundle: a key is made for every position read). */
function secret(): Buffer {
  return (known ??= deploymentSecret());
}

function keyed(text: string): string {
  return createHmac("sha256", secret()).update(text).digest("base64url");
}

/** A tax id as compared: its letters and digits, upper-cased (`12-3456789` and `123456789` are one). */
export function normalizedTaxId(value: unknown): string | null {
  const text =
    typeof value === "string" || typeof value === "number"
      ? String(value)
          .replace(/[^A-Za-z0-9]/g, "")
          .toUpperCase()
      : "";
  return text === "" ? null : text;
}

/** An email as compared: trimmed and lower-cased. */
export function normalizedEmail(value: unknown): string | null {
  const text = typeof value === "string" ? value.trim().toLowerCase() : "";
  return text === "" ? null : text;
}

/**
 * The keyed hash an investor is matched by, worked out from the record before it is masked: the server matches on
 * tax ids without holding them (nor an unkeyed hash, which a tax id's small space would let anyone reverse).
 */
export function taxKeyOf(unmasked: Investor): string | null {
  const taxId = normalizedTaxId(unmasked.investment_account?.tax_id);
  return taxId === null ? null : keyed(`tax:${taxId}`);
}

/** The opaque key of an investor in URLs: stable for the same data, and reveals neither email nor tax id. */
export function investorKey(by: { matchedBy: string; value: string }): string {
  return keyed(`investor:${by.matchedBy}:${by.value}`).slice(0, 22);
}
