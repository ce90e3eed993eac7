import Big from "big.js";

/** Number formats of typed cells. */
export const numberFormats = {
  money: "#,##0.00",
  percent: "0.00##%",
  count: "#,##0",
  date: "yyyy-mm-dd",
  timestamp: "yyyy-mm-dd hh:mm:ss",
};

const empty = { type: "empty" };
const plainDecimal = /^-?\d+(\.\d+)?$/;
const isoDate = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
// A double holds 15 significant decimal digits exactly in every case (DBL_DIG).
const doubleDigits = 15;
// A plain decimal this short lies within 1e±40, far from a double's limits.
const fastLength = 40;

/** How many significant digits a plain decimal has: leading and trailing zeros, sign and point left out. */
function significantDigits(decimal) {
  let first = -1;
  let last = -1;
  for (let at = 0; at < decimal.length; at += 1) {
    const code = decimal.charCodeAt(at);
    if (code < 49 || code > 57) continue;
    if (first === -1) first = at;
    last = at;
  }
  if (first === -1) return 0;
  const point = decimal.indexOf(".", first);
  return last - first + 1 - (point !== -1 && point < last ? 1 : 0);
}

/**
 * The double that holds a plain decimal string exactly, or null: at most 15 significant digits, and the double,
 * written back as a decimal, equal to the string (`"1000.50"` → 1000.5; `"12345678901234567.89"` → null).
 */
export function exactDouble(decimal) {
  if (!plainDecimal.test(decimal)) return null;
  if (significantDigits(decimal) > doubleDigits) return null;
  // Up to 15 digits within 1e±40 a double always holds (DBL_DIG); Big settles the rest (a third of an xlsx's time).
  if (decimal.length <= fastLength) return Number(decimal);
  const canonical = new Big(decimal);
  const double = Number(decimal);
  return Number.isFinite(double) && new Big(double).eq(canonical) ? double : null;
}

/** "12.5" (percent points, as the API sends them) as the fraction 0.125, when a double holds it exactly. */
export function exactFraction(decimal) {
  if (!plainDecimal.test(decimal)) return null;
  const fraction = exactDouble(shiftedLeft(decimal, 2));
  // "-0" points are a zero fraction, as big.js writes it.
  return fraction === 0 ? 0 : fraction;
}

/** A plain decimal divided by 10^places, exactly, by moving its point: "12.5" → "0.125". */
function shiftedLeft(decimal, places) {
  const sign = decimal.startsWith("-") ? "-" : "";
  const [whole = "", fraction = ""] = decimal.slice(sign.length).split(".");
  const padded = whole.padStart(places + 1, "0");
  return `${sign}${padded.slice(0, -places)}.${padded.slice(-places)}${fraction}`;
}

/** A date or timestamp string as a UTC date, when it is one; anything else stays text. */
export function dateOf(text) {
  const match = isoDate.exec(text);
  if (!match) return null;
  const dateOnly = match[4] === undefined;
  const time = Date.parse(dateOnly ? `${text}T00:00:00Z` : match[8] ? text.replace(" ", "T") : `${text}Z`);
  if (Number.isNaN(time)) return null;
  const value = new Date(time);
  // Date.parse rolls 2024-02-30 over to March: such a date is not a date.
  if (dateOnly && value.toISOString().slice(0, 10) !== text) return null;
  return { value, format: dateOnly ? "date" : "timestamp" };
}

function numberCell(value, format, text) {
  return value === null ? { type: "text", value: text } : { type: "number", value, format };
}

/**
 * A value as its column's kind says: money, counts and percentages are number cells only when exact, dates are date
 * cells, everything else (ids, tax ids, account numbers, a value starting with `=`) is text exactly as sent.
 */
export function xlsxCell(value, kind = "text") {
  if (value === null || value === undefined || value === "") return empty;
  if (typeof value === "boolean") return { type: "text", value: String(value) };
  const text = String(value);
  switch (kind) {
    case "money":
      return numberCell(exactDouble(text), "money", text);
    case "count":
      return numberCell(exactDouble(text), "count", text);
    case "percent":
      return numberCell(exactFraction(text), "percent", text);
    case "date": {
      const date = dateOf(text);
      return date ? { type: "date", ...date } : { type: "text", value: text };
    }
    default:
      return { type: "text", value: text };
  }
}

/** How wide a cell reads, in characters, as Excel shows it: what column widths are fitted to. */
export function displayLength(cell) {
  switch (cell.type) {
    case "empty":
      return 0;
    case "text":
      return cell.value.length;
    case "date":
      return cell.format === "date" ? 10 : 19;
    case "number": {
      const digits = Math.trunc(Math.abs(cell.value)).toString().length;
      const separators = Math.floor((digits - 1) / 3);
      return digits + separators + (cell.value < 0 ? 1 : 0) + (cell.format === "count" ? 0 : 5);
    }
  }
}
