import type { RawValue } from "./raw-value";

/** What an absent or null value shows as. */
export const EMPTY = "—";

const decimalPattern = /^[+-]?\d+(\.\d+)?$/;
const placeholderWords = new Set(["null", "undefined", "nan", "invalid date", ""]);

/** Text of a raw value, or null when there is nothing to show. */
export function rawText(value: RawValue): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return placeholderWords.has(text.toLowerCase()) ? null : text;
}

/** The value as an exact decimal string, or null when it is not a plain decimal number. */
export function decimalText(value: RawValue): string | null {
  const text = rawText(value);
  return text !== null && decimalPattern.test(text) ? text : null;
}

function fractionDigits(decimal: string): number {
  const dot = decimal.indexOf(".");
  return dot === -1 ? 0 : decimal.length - dot - 1;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(min: number, max: number): Intl.NumberFormat {
  const key = `${min}:${max}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { minimumFractionDigits: min, maximumFractionDigits: max });
    numberFormats.set(key, format);
  }
  return format;
}

// Intl.NumberFormat formats a decimal string exactly, so no float ever stands between the API and the screen.
function formatDecimal(decimal: string, minDigits: number): string {
  const digits = fractionDigits(decimal);
  return numberFormat(Math.max(minDigits, digits), Math.max(minDigits, digits)).format(
    decimal as Intl.StringNumericLiteral,
  );
}

/** Money: thousands separators, every decimal the API sent, at least cents. */
export function formatMoney(value: RawValue): string {
  const decimal = decimalText(value);
  if (decimal !== null) return formatDecimal(decimal, 2);
  return rawText(value) ?? EMPTY;
}

/** Percent as given: "2.0" shows as "2.0%". */
export function formatPercent(value: RawValue): string {
  const decimal = decimalText(value);
  if (decimal !== null) return `${formatDecimal(decimal, 0)}%`;
  return rawText(value) ?? EMPTY;
}

/** A worked-out share to one decimal ("80.6%"); above zero but under 0.05 it reads "<0.1%", never a false 0.0%. */
export function formatShare(value: RawValue): string {
  const decimal = decimalText(value);
  if (decimal === null) return rawText(value) ?? EMPTY;
  const shown = numberFormat(1, 1).format(decimal as Intl.StringNumericLiteral);
  return shown === "0.0" && /[1-9]/.test(decimal) && decimal[0] !== "-" ? "<0.1%" : `${shown}%`;
}

/** Whole counts with separators. */
export function formatCount(value: RawValue): string {
  const decimal = decimalText(value);
  if (decimal !== null) return formatDecimal(decimal, 0);
  return rawText(value) ?? EMPTY;
}

// ISO 8601 as the API sends it: a day, then optionally a time (seconds and their fraction optional) and a zone.
const isoParts =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(?:Z|([+-])(\d{2})(?::?(\d{2}))?)?)?$/;
const monthDays = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (monthDays[month - 1] ?? 0);
}

/** A Date for an ISO 8601 value (no zone means UTC), or null; a day or time that does not exist is null too. */
export function parseTimestamp(value: RawValue): Date | null {
  const text = rawText(value);
  const parts = text === null ? null : isoParts.exec(text);
  if (!parts) return null;
  const [year, month, day, hours, minutes, seconds, , , zoneHours, zoneMinutes] = parts
    .slice(1)
    .map((part) => Number(part ?? 0));
  // 24:00 is the end of the day; a zone's minutes stay under an hour.
  const time = hours! < 24 ? minutes! < 60 && seconds! < 60 : minutes === 0 && seconds === 0 && hours === 24;
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysInMonth(year!, month!) || !time || zoneMinutes! > 59) {
    return null;
  }
  // Milliseconds from the fraction's digits, not a float; setUTCFullYear keeps years below 100 as written.
  const milliseconds = Number((parts[7] ?? "").slice(0, 3).padEnd(3, "0"));
  const offset = (parts[8] === "-" ? -1 : 1) * (zoneHours! * 60 + zoneMinutes!);
  const date = new Date(0);
  date.setUTCFullYear(year!, month! - 1, day!);
  date.setUTCHours(hours!, minutes! - offset, seconds!, milliseconds);
  return date;
}

// Made on first use: building a formatter with a time zone costs ~14 ms of a phone's first script run (profiled on
// /outstanding), and most pages show no date at first.
let dateFormat: Intl.DateTimeFormat | undefined;
/** A date's day in UTC, "Jul 12, 2022". */
export const utcDay = (date: Date): string =>
  (dateFormat ??= new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    year: "numeric",
    month: "short",
    day: "numeric",
  })).format(date);

/** A day in UTC ("Jul 12, 2022"); a value that does not parse is shown as it came. */
export function formatDate(value: RawValue): string {
  const date = parseTimestamp(value);
  if (date) return utcDay(date);
  return rawText(value) ?? EMPTY;
}

/** The full timestamp for a tooltip ("2022-07-12 16:04:05.123 UTC"), or undefined. */
export function formatTimestampTitle(value: RawValue): string | undefined {
  const date = parseTimestamp(value);
  if (!date) return undefined;
  return `${date.toISOString().replace("T", " ").replace("Z", "")} UTC`;
}

/** Plain text; empty and placeholder values become an em dash. */
export function formatText(value: RawValue): string {
  return rawText(value) ?? EMPTY;
}

// A plain address: no query (`?`, `&`), no escapes (`%`), no spaces or markup: nothing a mail client would act on.
const plainAddress = /^[A-Za-z0-9._+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

/** A `mailto:` link for an upstream email only when it is a plain address; null means show it as plain text. */
export function mailtoHref(value: RawValue): string | null {
  const email = rawText(value)?.trim() ?? "";
  return plainAddress.test(email) ? `mailto:${email}` : null;
}
