const dots = "•••••";

// Routing numbers and SWIFT codes are public bank identifiers: they stay visible.
const secretKeys = new Set(["tax_id", "ssn", "ein", "itin", "account_number", "iban"]);
const seen = new Map<string, boolean>();

/** The key spelled the way we compare it: lower case, spaces and hyphens as underscores (`Tax-ID` → `tax_id`). */
export function normalizedKey(key: string): string {
  return key.toLowerCase().replace(/[\s-]/g, "_");
}

/** Whether a value under this key is a secret, whatever the record or depth (`tax_id_type` is not). */
export function isSecretKey(key: string): boolean {
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

function masked(value: unknown, secret: boolean): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value !== "object") return secret ? maskSecret(String(value)) : value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      const next = masked(item, secret);
      if (next !== item) (copy ??= value.slice())[index] = next;
    });
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, child] of Object.entries(value)) {
    const next = masked(child, secret || isSecretKey(key));
    if (next !== child) (copy ??= { ...value })[key] = next;
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
