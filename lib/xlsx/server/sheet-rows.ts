import "server-only";
import type { WrittenRows } from "../../csv/export-format";
import type { RawValue } from "../../table/types";

/** Rows kept as their raw values until the sheet writes them as typed cells. */
export interface SheetRows extends WrittenRows {
  readonly cells: readonly (readonly RawValue[])[];
}
