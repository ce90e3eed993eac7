import type { Workbook } from "exceljs";
import type { ColumnKind, RawValue } from "../table/types";

export interface SheetColumn {
  header: string;
  kind?: ColumnKind;
}

/** The rows column widths are fitted to. */
export declare const widthSampleRows: number;

export function columnWidths(columns: readonly SheetColumn[], sample: readonly (readonly RawValue[])[]): number[];

export interface SheetWriter {
  /** Adds and commits one data row. */
  add(values: readonly RawValue[]): void;
  /** The data rows written so far. */
  readonly rows: number;
  /** Names the sheet (Excel's rules already applied), any time before the workbook is committed. */
  name(name: string): void;
}

export function openSheet(
  workbook: Workbook,
  columns: readonly SheetColumn[],
  sample: readonly (readonly RawValue[])[],
): SheetWriter;
