import { stringify } from "csv-stringify/sync";
import { csvCell } from "./cell";
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
}

const encoder = new TextEncoder();
// RFC 4180: CRLF between records, fields quoted only when they need it.
// csv-stringify only quotes the record delimiter itself, so a lone CR or LF (and edge spaces) is quoted explicitly.
const stringifyOptions = { record_delimiter: "\r\n", quoted_match: /[\r\n]|^\s|\s$/ } as const;

function encodeRows<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): Uint8Array {
  return encoder.encode(stringify(rows.map((row) => columns.map((column) => csvCell(column.value(row)))), stringifyOptions));
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
  const iterator = batches[Symbol.asyncIterator]();
  let rows = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const header = stringify([columns.map((column) => column.header)], stringifyOptions);
      controller.enqueue(encoder.encode(`${options.bom ? "\uFEFF" : ""}${header}`));
    },
    async pull(controller) {
      let next: IteratorResult<readonly T[]>;
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
      rows += next.value.length;
      if (next.value.length > 0) controller.enqueue(encodeRows(next.value, columns));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** Splits rows already in memory into batches, so a big list is written a slice per pull. */
export async function* inBatches<T>(rows: readonly T[], size = 1_000): AsyncGenerator<readonly T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}
