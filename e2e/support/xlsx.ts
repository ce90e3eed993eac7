import { readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import Big from "big.js";
import ExcelJS from "exceljs";
import type { Download } from "@playwright/test";
import { csvCell } from "../../lib/csv/cell";
import type { SavedCsv } from "./csv";

export interface SavedXlsx {
  name: string;
  sheet: ExcelJS.Worksheet;
  header: string[];
  rows: ExcelJS.CellValue[][];
  /** Each data cell's number format ("0.00##%" for a percentage), beside `rows`. */
  formats: (string | undefined)[][];
}

/** A downloaded workbook read back with ExcelJS: its one sheet, the header and the data rows' cell values. */
export async function readXlsx(download: Download): Promise<SavedXlsx> {
  return parseXlsx(await readFile((await download.path())!), download.suggestedFilename());
}

/** A workbook's bytes read back with ExcelJS. */
export async function parseXlsx(bytes: Buffer, name: string): Promise<SavedXlsx> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await new Response(new Uint8Array(bytes)).arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  const width = sheet.getRow(1).cellCount;
  const cellsOf = (row: ExcelJS.Row) => Array.from({ length: width }, (_, at) => row.getCell(at + 1));
  const rows: ExcelJS.CellValue[][] = [];
  const formats: (string | undefined)[][] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells = cellsOf(row);
    rows.push(cells.map((cell) => cell.value));
    formats.push(cells.map((cell) => cell.numFmt));
  });
  return { name, sheet, header: cellsOf(sheet.getRow(1)).map((cell) => String(cell.value)), rows, formats };
}

// A CSV timestamp without a zone is UTC, as the workbook writes it; "2026-11-20 10:00" is "2026-11-20T10:00".
function instantOf(csvText: string): number {
  const text = csvText.replace(" ", "T");
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return Date.parse(`${text}T00:00:00Z`);
  return Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`);
}

/**
 * Whether a typed cell holds exactly what the CSV's cell says: a number equal as a decimal (a percentage times
 * 100), a date at the same instant, text that the CSV writes the same way, nothing for an empty cell.
 */
export function sameAsCsv(cell: ExcelJS.CellValue, csvText: string, percent: boolean): boolean {
  if (cell === null || cell === undefined) return csvText === "";
  if (typeof cell === "number") return new Big(cell).times(percent ? 100 : 1).eq(new Big(csvText));
  if (cell instanceof Date) return instantOf(csvText) === cell.getTime();
  return typeof cell === "string" && csvCell(cell) === csvText;
}

export interface Comparison {
  /** The first 20 cells that differ (none when the files agree cell for cell, header and order included). */
  differences: string[];
  numbers: number;
  dates: number;
}

/** The workbook's cells against its CSV twin's: a percentage is a number cell with a percent format. */
export function compareWithCsv(xlsx: SavedXlsx, csv: SavedCsv): Comparison {
  const differences: string[] = [];
  if (xlsx.header.join() !== csv.header.join()) differences.push(`header: ${xlsx.header} ≠ ${csv.header}`);
  if (xlsx.rows.length !== csv.rows.length) differences.push(`rows: ${xlsx.rows.length} ≠ ${csv.rows.length}`);
  let numbers = 0;
  let dates = 0;
  xlsx.rows.forEach((cells, index) => {
    const row = csv.rows[index];
    if (!row) return;
    csv.header.forEach((path, at) => {
      const cell = cells[at];
      if (typeof cell === "number") numbers += 1;
      if (cell instanceof Date) dates += 1;
      const percent = xlsx.formats[index]![at]?.includes("%") ?? false;
      if (!sameAsCsv(cell, row[path]!, percent))
        differences.push(`row ${index + 1} ${path}: ${JSON.stringify(cell)} ≠ ${JSON.stringify(row[path])}`);
    });
  });
  return { differences: differences.slice(0, 20), numbers, dates };
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
