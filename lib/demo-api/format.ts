// Exact decimal formatting from integers: money never passes through floats here.

/** Formats integer cents (number or bigint) as a decimal string with two places. */
export function formatCents(cents: number | bigint): string {
  if (typeof cents === "number" && !Number.isSafeInteger(cents)) {
    throw new RangeError(`cents must be a safe integer, got ${cents}`);
  }
  const negative = cents < 0;
  const digits = String(negative ? -cents : cents).padStart(3, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Parses a two-decimal money string ("-12.34") into exact cents. */
export function parseCents(text: string): bigint {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (match === null) throw new RangeError(`not a two-decimal amount: "${text}"`);
  const cents = BigInt(match[2]!) * 100n + BigInt(match[3]!);
  return match[1] === "-" ? -cents : cents;
}

/** Formats an integer count of tenths ("200" → "20.0"). */
export function formatTenths(tenths: number): string {
  const digits = String(tenths).padStart(2, "0");
  return `${digits.slice(0, -1)}.${digits.slice(-1)}`;
}

/** Rounds a·b/c half-up in exact integer arithmetic (non-negative integer inputs). */
export function mulDivRound(a: number, b: number, c: bigint): number {
  if (c === 0n) return 0;
  const quotient = (2n * BigInt(a) * BigInt(b) + c) / (2n * c);
  if (quotient > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError("mulDivRound overflow");
  // Exact: the quotient is an integer within the safe range.
  return Number(quotient);
}

const DAY_MS = 86_400_000;

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}

/** Civil date from days since 1970-01-01 (Howard Hinnant's algorithm); avoids a Date per value. */
function civil(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/** Date-only form, e.g. 2023-01-15. */
export function isoDate(epochMs: number): string {
  const [y, m, d] = civil(Math.floor(epochMs / DAY_MS));
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
}

/** ISO 8601 UTC timestamp with milliseconds, e.g. 2022-07-12T16:04:05.123Z. */
export function isoTimestamp(epochMs: number): string {
  const ms = epochMs - Math.floor(epochMs / DAY_MS) * DAY_MS;
  const h = Math.floor(ms / 3_600_000);
  const min = Math.floor(ms / 60_000) % 60;
  const sec = Math.floor(ms / 1000) % 60;
  return `${isoDate(epochMs)}T${pad(h, 2)}:${pad(min, 2)}:${pad(sec, 2)}.${pad(ms % 1000, 3)}Z`;
}

export function addDays(epochMs: number, days: number): number {
  return epochMs + days * DAY_MS;
}

const foldCache = new Map<string, string>();
const SPECIAL_FOLDS: Readonly<Record<string, string>> = { ø: "o", Ø: "O", æ: "ae", ß: "ss", ł: "l", Ł: "L", đ: "d" };

/** Folds accents so names like "Nguyễn" or "Søren" give plain ASCII email locals. */
export function asciiFold(text: string): string {
  const cached = foldCache.get(text);
  if (cached !== undefined) return cached;
  const folded = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[øØæßłŁđ]/g, (ch) => SPECIAL_FOLDS[ch] ?? "");
  foldCache.set(text, folded);
  return folded;
}

const slugCache = new Map<string, string>();

/** Lowercase ASCII slug of one name ("O'Brien" → "obrien", "Nguyễn" → "nguyen"); cached per name. */
export function nameSlug(name: string): string {
  let slug = slugCache.get(name);
  if (slug === undefined) {
    slug = asciiFold(name)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "");
    if (slugCache.size < 10_000) slugCache.set(name, slug);
  }
  return slug;
}
