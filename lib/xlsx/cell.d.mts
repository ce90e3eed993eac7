import type { ColumnKind, RawValue } from "../table/types";

/** One cell of a sheet: never a formula; a number or date only when it holds the value exactly. */
export type XlsxCell =
  | { type: "empty" }
  | { type: "text"; value: string }
  | { type: "number"; value: number; format: "money" | "percent" | "count" }
  | { type: "date"; value: Date; format: "date" | "timestamp" };

export function exactDouble(decimal: string): number | null;
export function exactFraction(decimal: string): number | null;
export function dateOf(text: string): { value: Date; format: "date" | "timestamp" } | null;
export function xlsxCell(value: RawValue, kind?: ColumnKind): XlsxCell;
