import "server-only";
import type { ExportFormat } from "../../csv/export-format";
import type { RawValue } from "../../table/types";
import { earlySheet } from "./early-sheet";
import type { SheetRows } from "./sheet-rows";
import { xlsxBody } from "./sheet-stream";

/** Excel workbooks of one sheet: typed cells (see lib/xlsx/cell.mjs), header bold and frozen, autofilter on. */
export const xlsxFormat: ExportFormat<RawValue[], SheetRows> = {
  extension: ".xlsx",
  contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  cellsOf: (row, columns) => columns.map((column) => column.value(row)),
  encode: (records) => ({ rows: records.length, cells: records }),
  body: xlsxBody,
  early: earlySheet,
};
