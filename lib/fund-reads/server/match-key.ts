import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Investor } from "../../customer-api/schemas";
import { serverEnv } from "../../server/env";
import { logLine } from "../../server/log";
import { processWide } from "../../server/process-wide";

let known: Buffer | undefined;

/** Where the embedded store's key is kept: beside its data folder, never in the database (it would unlock the hashes). */
export function matchSecretFile(): string {
  return join(dirname(resolve(serverEnv().DATABASE_DIR)), "match-secret");
}

/** The embedded store's key: drawn once into a file only its owner may read, then read back on every start. */
function fileSecret(): Buffer {
  const file = matchSecretFile();
  try {
    return Buffer.from(readFileSync(file, "utf8").trim(), "base64url");
  } catch {
    mkdirSync(dirname(file), { recursive: true });
    const drawn = randomBytes(32);
    writeFileSync(file, `${drawn.toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
    chmodSync(file, 0o600);
    logLine("directory_match_secret_generated", { file });
    return drawn;
  }
}

/**
 * The secret every key is made with. Kept reads are matched by it, so it must mean the same after a restart and on
 * every instance: configured (required with DATABASE_URL, checked at start), else the embedded store's key file.
 */
function secret(): Buffer {
  // Looked up once per bundle: a key is made for every position read and every investor.
  return (known ??= processWide("directory-match-secret", () => {
    const configured = serverEnv().DIRECTORY_MATCH_SECRET;
    return configured ? Buffer.from(configured) : fileSecret();
  }));
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
