import Papa from "papaparse";
import { csvCell } from "./cell";
import {
  type ExportBodyOptions,
  type ExportColumn,
  type ExportFormat,
  type ExportHeader,
  rowsCollector,
} from "./export-format";
import type { ListCollector } from "../customer-api/list-collector";

export { inBatches } from "./export-format";

export type CsvColumn<T> = ExportColumn<T>;
export type CsvStreamOptions = ExportBodyOptions;

const encoder = new TextEncoder();
// RFC 4180 with CRLF between records. Every text cell is quoted, so no value (one starting with `;` or `,`, a
// tab at its edge) can start a new cell in a spreadsheet whose locale splits on another separator; plain
// decimals and empty cells stay bare, so numbers stay numbers. Formulas are neutralised by csvCell.
const bare = /^(-?\d+(\.\d+)?)?$/;
const unparseOptions: Papa.UnparseConfig = {
  newline: "\r\n",
  quotes: (value: unknown) => !bare.test(String(value)),
  escapeFormulae: false,
  header: false,
};

function csvText(records: string[][]): string {
  return Papa.unparse(records, unparseOptions);
}

/** Rows already written as CSV. */
export interface EncodedRows {
  bytes: Uint8Array;
  rows: number;
}

/** A CSV body of rows written beforehand, under the columns' header, a chunk per pull. */
export function csvBody(
  columns: readonly ExportHeader[],
  chunks: AsyncIterable<EncodedRows> | Iterable<EncodedRows>,
  options: CsvStreamOptions = {},
): ReadableStream<Uint8Array> {
  const iterator = Symbol.asyncIterator in chunks ? chunks[Symbol.asyncIterator]() : chunks[Symbol.iterator]();
  let rows = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const header = `${csvText([columns.map((column) => column.header)])}\r\n`;
      controller.enqueue(encoder.encode(`${options.bom ? "\uFEFF" : ""}${header}`));
    },
    async pull(controller) {
      let next: IteratorResult<EncodedRows, unknown>;
      try {
        next = await iterator.next();
      } catch (error) {
        options.onError?.(error, rows);
        throw error;
      }
      if (next.done) {
        options.onDone?.(rows);
        controller.close();
        return;
      }
      rows += next.value.rows;
      controller.enqueue(next.value.bytes);
    },
    async cancel() {
      options.onCancel?.(rows);
      await iterator.return?.();
    },
  });
}

/** RFC 4180 UTF-8: every value as the upstream sent it, formulas neutralised. */
export const csvFormat: ExportFormat<string[], EncodedRows> = {
  extension: ".csv",
  contentType: "text/csv; charset=utf-8",
  cellsOf: (row, columns) => columns.map((column) => csvCell(column.value(row))),
  encode: (records) => ({ bytes: encoder.encode(`${csvText(records)}\r\n`), rows: records.length }),
  body: csvBody,
};

/**
 * A CSV body that is written batch by batch as the reader pulls, so the output never sits whole in memory.
 * A batch source that throws mid-way errors the stream: the download fails instead of arriving short.
 */
export function csvStream<T>(
  batches: AsyncIterable<readonly T[]>,
  columns: readonly CsvColumn<T>[],
  options: CsvStreamOptions = {},
): ReadableStream<Uint8Array> {
  async function* encoded() {
    for await (const batch of batches)
      if (batch.length > 0) yield csvFormat.encode(batch.map((row) => csvFormat.cellsOf(row, columns)));
  }
  return csvBody(columns, encoded(), options);
}

/** Writes records as CSV as they are handed over (see rowsCollector). */
export function csvCollector<T>(columns: readonly CsvColumn<T>[], batchSize = 1_000): ListCollector<T, EncodedRows[]> {
  return rowsCollector(csvFormat, columns, { batchSize });
}
