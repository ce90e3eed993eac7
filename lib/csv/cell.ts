import type { RawValue } from "../table/types";

const plainNumber = /^-?\d+(\.\d+)?$/;
const dangerous = /^[=+\-@\t\r\n\0]/;

/**
 * One CSV cell: the value exactly as the upstream sent it, empty for null or absent; a text that a
 * spreadsheet would run as a formula gets a leading `'` (OWASP), a plain decimal like `-500.00` stays a number.
 */
export function csvCell(value: RawValue): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  if (dangerous.test(text) && !plainNumber.test(text)) return `'${text}`;
  return text;
}
