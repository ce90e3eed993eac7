import type { ListCollector } from "../customer-api/list-collector";
import type { ColumnKind, RawValue } from "../table/types";

/** One column of an exported file: its header, its value, and how a typed format (xlsx) should read it. */
export interface ExportColumn<T> {
  header: string;
  value: (row: T) => RawValue;
  /** Absent is text. */
  kind?: ColumnKind;
}

/** What a body needs of a column before the rows: its header and kind. */
export type ExportHeader = Pick<ExportColumn<unknown>, "header" | "kind">;

/** Rows already encoded by a format (CSV bytes, or cells for a sheet). */
export interface WrittenRows {
  readonly rows: number;
}

export interface ExportBodyOptions {
  /** Byte-order mark first, for Excel on Windows (CSV only). */
  bom?: boolean;
  /** The sheet's name, after the view (xlsx only). */
  sheet?: string;
  /** Told the number of data rows once the last one is written. */
  onDone?: (rows: number) => void;
  /** Told when the source fails mid-way, before the stream is errored. */
  onError?: (error: unknown, rows: number) => void;
  /** Told when the reader goes away before the end (a cancelled download), with the rows sent so far. */
  onCancel?: (rows: number) => void;
}

/** A file begun while its rows are still read: handed each batch as it is encoded, then the whole list. */
export interface EarlyBody<Chunk> {
  add(chunk: Chunk): void;
  /** The read succeeded: `body` may finish the file when handed exactly these chunks. */
  done(chunks: readonly Chunk[]): void;
}

/**
 * A file format every export writes through: the exports build their rows once and hand them to CSV or xlsx.
 * Methods (not arrow properties) so a format of concrete cells is an `ExportFormat` of unknown cells.
 */
export interface ExportFormat<Cells = unknown, Chunk extends WrittenRows = WrittenRows> {
  /** The file name's end: ".csv", ".xlsx". */
  readonly extension: string;
  readonly contentType: string;
  /** One row's cells, as the format keeps them until they are written. */
  cellsOf<T>(row: T, columns: readonly ExportColumn<T>[]): Cells;
  /** A batch of rows' cells, encoded. */
  encode(records: Cells[]): Chunk;
  /** The file: the header, then the chunks as the reader pulls. */
  body(
    columns: readonly ExportHeader[],
    chunks: AsyncIterable<Chunk> | Iterable<Chunk>,
    options?: ExportBodyOptions,
  ): ReadableStream<Uint8Array>;
  /** Starts writing the file during a list's read (xlsx: in a worker thread, while this thread reads). */
  early?(columns: readonly ExportHeader[]): EarlyBody<Chunk>;
}

/** Splits rows already in memory into batches, so a big list is written a slice per pull. */
export async function* inBatches<T>(rows: readonly T[], size = 1_000): AsyncGenerator<readonly T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

async function* encoded<T, Chunk extends WrittenRows>(
  format: ExportFormat<unknown, Chunk>,
  batches: AsyncIterable<readonly T[]>,
  columns: readonly ExportColumn<T>[],
): AsyncGenerator<Chunk> {
  for await (const batch of batches)
    if (batch.length > 0) yield format.encode(batch.map((row) => format.cellsOf(row, columns)));
}

/** Rows in memory, encoded a batch per pull. */
export function encodedRows<T, Chunk extends WrittenRows>(
  format: ExportFormat<unknown, Chunk>,
  rows: readonly T[],
  columns: readonly ExportColumn<T>[],
): AsyncIterable<Chunk> {
  return encoded(format, inBatches(rows), columns);
}

/** A file of rows in memory, written a batch per pull so the output never sits whole in memory. */
export function rowsBody<T>(
  format: ExportFormat,
  rows: readonly T[],
  columns: readonly ExportColumn<T>[],
  options: ExportBodyOptions = {},
): ReadableStream<Uint8Array> {
  return format.body(columns, encodedRows(format, rows, columns), options);
}

/** A file of rows read a batch at a time (a cursor over the store): memory holds one batch, whatever the file's size. */
export function batchesBody<T>(
  format: ExportFormat,
  batches: AsyncIterable<readonly T[]>,
  columns: readonly ExportColumn<T>[],
  options: ExportBodyOptions = {},
): ReadableStream<Uint8Array> {
  return format.body(columns, encoded(format, batches, columns), options);
}

/**
 * Encodes records as they are handed over, a batch at a time: an export read straight from the upstream keeps
 * only its encoded rows, never the records. With `early`, a format that can starts its file with the first batch.
 */
export function rowsCollector<T, Chunk extends WrittenRows>(
  format: ExportFormat<unknown, Chunk>,
  columns: readonly ExportColumn<T>[],
  { batchSize = 1_000, early = false }: { batchSize?: number; early?: boolean } = {},
): ListCollector<T, Chunk[]> {
  const out: Chunk[] = [];
  const file = early ? format.early?.(columns) : undefined;
  let batch: unknown[] = [];
  const flush = () => {
    if (batch.length === 0) return;
    const chunk = format.encode(batch);
    out.push(chunk);
    file?.add(chunk);
    batch = [];
  };
  return {
    add(item) {
      // Only the cells wait for the batch: each record's objects are garbage at once.
      batch.push(format.cellsOf(item, columns));
      if (batch.length === batchSize) flush();
    },
    done() {
      flush();
      file?.done(out);
      return out;
    },
  };
}
