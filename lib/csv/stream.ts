import Papa from "papaparse";
import { csvCell } from "./cell";
import type { ListCollector } from "../customer-api/list-collector";
import type { RawValue } from "../table/types";

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => RawValue;
}

export interface CsvStreamOptions {
  /** Byte-order mark first, for Excel on Windows. */
  bom?: boolean;
  /** Told the number of data rows once the last one is written. */
  onDone?: (rows: number) => void;
  /** Told when the source fails mid-way, before the stream is errored. */
  onError?: (error: unknown, rows: number) => void;
  /** Told when the reader goes away before the end (a cancelled download), with the rows sent so far. */
  onCancel?: (rows: number) => void;
}

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

function cellsOf<T>(row: T, columns: readonly CsvColumn<T>[]): string[] {
  return columns.map((column) => csvCell(column.value(row)));
}

function encodeCells(records: string[][]): Uint8Array {
  return encoder.encode(`${csvText(records)}\r\n`);
}

function encodeRows<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): Uint8Array {
  return encodeCells(rows.map((row) => cellsOf(row, columns)));
}

/** Rows already written as CSV. */
export interface EncodedRows {
  bytes: Uint8Array;
  rows: number;
}

async function* encoded<T>(
  batches: AsyncIterable<readonly T[]>,
  columns: readonly CsvColumn<T>[],
): AsyncGenerator<EncodedRows> {
  for await (const batch of batches)
    if (batch.length > 0) yield { bytes: encodeRows(batch, columns), rows: batch.length };
}

/**
 * A CSV body that is written batch by batch as the reader pulls, so the output never sits whole in memory.
 * A batch source that throws mid-way errors the stream: the download fails instead of arriving short.
 */
export function csvStream<T>(
  batches: AsyncIterable<readonly T[]>,
  columns: readonly CsvColumn<T>[],
  options: CsvStreamOptions = {},
): ReadableStream<Uint8Array> {
  return csvBody(columns, encoded(batches, columns), options);
}

/** Rows in memory, written a batch per pull. */
export function encodedRows<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): AsyncIterable<EncodedRows> {
  return encoded(inBatches(rows), columns);
}

/** A CSV body of rows written beforehand (by csvCollector or encodedRows), under the columns' header. */
export function csvBody(
  columns: readonly { header: string }[],
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

/**
 * Writes records as CSV as they are handed over, a batch at a time: an export read straight from the upstream
 * keeps only its CSV text, never the records.
 */
export function csvCollector<T>(columns: readonly CsvColumn<T>[], batchSize = 1_000): ListCollector<T, EncodedRows[]> {
  const out: EncodedRows[] = [];
  let batch: string[][] = [];
  const flush = () => {
    if (batch.length > 0) out.push({ bytes: encodeCells(batch), rows: batch.length });
    batch = [];
  };
  return {
    add(item) {
      // Only the cells wait for the batch: each record's objects are garbage at once.
      batch.push(cellsOf(item, columns));
      if (batch.length === batchSize) flush();
    },
    done() {
      flush();
      return out;
    },
  };
}

/** Splits rows already in memory into batches, so a big list is written a slice per pull. */
export async function* inBatches<T>(rows: readonly T[], size = 1_000): AsyncGenerator<readonly T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}
