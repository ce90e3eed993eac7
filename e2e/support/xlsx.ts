import { readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import Big from "big.js";
import ExcelJS from "exceljs";
import type { Download } from "@playwright/test";
import { csvCell } from "../../lib/csv/cell";

export interface SavedXlsx {
  name: string;
  sheet: ExcelJS.Worksheet;
  header: string[];
  rows: ExcelJS.CellValue[][];
}

/** A downloaded workbook read back with ExcelJS: its one sheet, the header and the data rows' cell values. */
export async function readXlsx(download: Download): Promise<SavedXlsx> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await new Response(await readFile((await download.path())!)).arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  const width = sheet.getRow(1).cellCount;
  const valuesOf = (row: ExcelJS.Row) => Array.from({ length: width }, (_, at) => row.getCell(at + 1).value);
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row, number) => void (number > 1 && rows.push(valuesOf(row))));
  return { name: download.suggestedFilename(), sheet, header: valuesOf(sheet.getRow(1)).map(String), rows };
}

/**
 * Whether a typed cell holds exactly what the CSV's cell says: a number equal as a decimal (a percentage times
 * 100), a date at the same instant, text that the CSV writes the same way, nothing for an empty cell.
 */
export function sameAsCsv(cell: ExcelJS.CellValue, csvText: string, percent: boolean): boolean {
  if (cell === null || cell === undefined) return csvText === "";
  if (typeof cell === "number") return new Big(cell).times(percent ? 100 : 1).eq(new Big(csvText));
  if (cell instanceof Date) {
    const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(csvText) ? `${csvText}T00:00:00Z` : csvText);
    return time === cell.getTime();
  }
  return typeof cell === "string" && csvCell(cell) === csvText;
}

/**
 * A workbook's text: each sheet's name and every cell, one per line (what a scan for a leaked value reads). Streamed:
 * loading a whole 50,000-row workbook took twice as long.
 */
export async function xlsxText(body: Buffer): Promise<string> {
  const options = { sharedStrings: "cache", worksheets: "emit", styles: "cache", hyperlinks: "ignore" } as const;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([body]), options);
  const cells: string[] = [];
  for await (const sheet of reader) {
    // ExcelJS's types leave out the name its reader gives each sheet (a fund's name may be one).
    cells.push((sheet as unknown as { name: string }).name);
    for await (const row of sheet) row.eachCell((cell) => cells.push(String(cell.text ?? cell.value ?? "")));
  }
  return cells.join("\n");
}
