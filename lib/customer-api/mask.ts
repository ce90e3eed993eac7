const dots = "•••••";

// Routing numbers and SWIFT codes are public bank identifiers: they stay visible.
const secretKeys = new Set(["tax_id", "ssn", "ein", "itin", "account_number", "iban"]);
// Normalizing keeps a key's length whenever the result is plain ASCII (lower-casing lengthens only `İ`, into a
// non-ASCII pair), so a key of any other length is no secret: most keys are answered without a lookup.
const secretLengths = new Set([...secretKeys].map((key) => key.length));
const seen = new Map<string, boolean>();

/** The key spelled the way we compare it: lower case, spaces and hyphens as underscores (`Tax-ID` → `tax_id`). */
export function normalizedKey(key: string): string {
  return key.toLowerCase().replace(/[\s-]/g, "_");
}

/** Whether a value under this key is a secret, whatever the record or depth (`tax_id_type` is not). */
export function isSecretKey(key: string): boolean {
  if (!secretLengths.has(key.length)) return false;
  let secret = seen.get(key);
  if (secret === undefined) {
    secret = secretKeys.has(normalizedKey(key));
    // Upstream keys repeat record after record; a flood of distinct ones is not kept.
    if (seen.size < 10_000) seen.set(key, secret);
  }
  return secret;
}

/** Keeps only the last 4 characters; a value of 4 or fewer characters is hidden whole. */
export function maskSecret<T extends string | null | undefined>(value: T): T {
  if (value === null || value === undefined || value === "") return value;
  const visible = value.length > 4 ? value.slice(-4) : "";
  return `${dots}${visible}` as T;
}

// Every record of every list passes here: plain loops, and no call for a value that stays as it is.
function masked(value: unknown, secret: boolean): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value !== "object") return secret ? maskSecret(String(value)) : value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      const next = masked(item, secret);
      if (next !== item) (copy ??= value.slice())[index] = next;
    }
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const child = record[key];
    const under = secret || isSecretKey(key);
    if (!under && (child === null || typeof child !== "object")) continue;
    const next = masked(child, under);
    if (next !== child) (copy ??= { ...record })[key] = next;
  }
  return copy ?? value;
}

/**
 * A copy of a record with every value under a secret key masked, at any depth, known field or not (everything
 * under such a key, when it is an object). Parts without secrets are shared, not copied.
 */
export function maskSecrets<T>(record: T): T {
  return masked(record, false) as T;
}

function maskedInPlace(value: unknown, secret: boolean): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value !== "object") return secret ? maskSecret(String(value)) : value;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) value[index] = maskedInPlace(value[index], secret);
    return value;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const child = record[key];
    const under = secret || isSecretKey(key);
    if (under || (child !== null && typeof child === "object")) record[key] = maskedInPlace(child, under);
  }
  return value;
}

/**
 * The same masking done to the record itself, which costs no copies: only for records nothing else holds (a
 * list just parsed and checked, before anyone else sees it).
 */
export function maskSecretsInPlace<T>(record: T): T {
  return maskedInPlace(record, false) as T;
}

export type SecretField = "tax_id" | "account_number";

// Where the spec puts each secret; anything else the record carries is found by key.
const canonical: Record<"fund" | "investor", Record<SecretField, readonly string[]>> = {
  fund: { tax_id: ["legal_entity", "tax_id"], account_number: ["bank", "account_number"] },
  investor: {
    tax_id: ["investment_account", "tax_id"],
    account_number: ["investment_account", "bank", "account_number"],
  },
};

function at(record: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>(
    (node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined),
    record,
  );
}

function scalarText(value: unknown): string | null {
  return value === null || value === undefined || typeof value === "object" ? null : String(value);
}

/** The full value of one secret of a record: at its place in the spec, else the first key of that name found (breadth first). */
export function findSecret(record: unknown, kind: "fund" | "investor", field: SecretField): string | null {
  const known = scalarText(at(record, canonical[kind][field]));
  if (known !== null) return known;
  const queue: unknown[] = [record];
  for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
    if (node === null || typeof node !== "object") continue;
    for (const [key, child] of Object.entries(node)) {
      if (normalizedKey(key) === field && scalarText(child) !== null) return scalarText(child);
      queue.push(child);
    }
  }
  return null;
}
