import { displayLength, numberFormats, xlsxCell } from "./cell.mjs";

/** The rows column widths are fitted to: ExcelJS streaming writes widths before the first row, so a sample. */
export const widthSampleRows = 200;
const minWidth = 8;
const maxWidth = 60;

// One style object per format: ExcelJS registers a style once per object (a WeakMap), not once per cell.
const styles = {
  text: {},
  header: { font: { bold: true } },
  money: { numFmt: numberFormats.money },
  percent: { numFmt: numberFormats.percent },
  count: { numFmt: numberFormats.count },
  date: { numFmt: numberFormats.date },
  timestamp: { numFmt: numberFormats.timestamp },
};

/** Column widths in characters: the header's and the sampled cells' lengths as shown, plus a margin, capped. */
export function columnWidths(columns, sample) {
  return columns.map((column, at) => {
    const widest = sample.reduce(
      (most, row) => Math.max(most, displayLength(xlsxCell(row[at], column.kind))),
      column.header.length,
    );
    return Math.min(maxWidth, Math.max(minWidth, widest + 2));
  });
}

/** Writes one row of raw values as typed cells and commits it (streaming keeps no committed row). */
function writeRow(sheet, number, columns, values) {
  const row = sheet.getRow(number);
  for (let at = 0; at < columns.length; at += 1) {
    const cell = xlsxCell(values[at], columns[at].kind);
    if (cell.type === "empty") continue;
    const target = row.getCell(at + 1);
    // Never a formula: text goes in as a string value, which Excel stores and shows, never evaluates.
    target.value = cell.value;
    target.style = styles[cell.type === "text" ? "text" : cell.format];
  }
  row.commit();
}

/**
 * Opens the file's one sheet: header bold and frozen, autofilter over every column, widths fitted to the header and
 * the sample (the first rows, buffered by the caller before anything is committed). Its name is given last: ExcelJS
 * writes it only into the workbook part, at the end.
 */
export function openSheet(workbook, columns, sample) {
  const sheet = workbook.addWorksheet("Sheet1", { views: [{ state: "frozen", xSplit: 0, ySplit: 1 }] });
  sheet.columns = columnWidths(columns, sample.slice(0, widthSampleRows)).map((width) => ({ width }));
  if (columns.length > 0) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  const header = sheet.getRow(1);
  columns.forEach((column, at) => {
    const cell = header.getCell(at + 1);
    cell.value = column.header;
    cell.style = styles.header;
  });
  header.commit();
  let rows = 0;
  return {
    add(values) {
      rows += 1;
      writeRow(sheet, rows + 1, columns, values);
    },
    get rows() {
      return rows;
    },
    name(name) {
      sheet.name = name;
    },
  };
}
