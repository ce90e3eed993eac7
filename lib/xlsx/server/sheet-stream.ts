import "server-only";
import { PassThrough } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import ExcelJS from "exceljs";
import type { ExportBodyOptions, ExportHeader, WrittenRows } from "../../csv/export-format";
import type { RawValue } from "../../table/types";
import { openSheet, type SheetWriter } from "../sheet-writer";

/** Rows kept as their raw values until the sheet writes them as typed cells. */
export interface SheetRows extends WrittenRows {
  readonly cells: readonly (readonly RawValue[])[];
}

// ExcelJS applies no backpressure: it writes each committed row into the zip's input at once. So every few rows the
// writer waits until both the zip's input and our output are below these marks (the reader has taken the rest).
const outputMark = 256 * 1024;
const zipInputMark = 1024 * 1024;
const rowsBetweenChecks = 100;

interface StreamState {
  _writableState?: { length: number };
  _readableState?: { length: number };
}

/**
 * What waits in the zip's input: ExcelJS's sheet stream pipes into archiver's PassThrough (readable-stream, without
 * `writableLength`) and ignores what write() returns, so the bytes are counted from the stream's state.
 */
function zipBacklog(workbook: ExcelJS.stream.xlsx.WorkbookWriter): number {
  const sheets = (workbook as unknown as { _worksheets?: ({ stream?: { pipes?: StreamState[] } } | undefined)[] })
    ._worksheets;
  const pipes = sheets?.flatMap((sheet) => sheet?.stream?.pipes ?? []) ?? [];
  return pipes.reduce((sum, pipe) => sum + (pipe._writableState?.length ?? 0) + (pipe._readableState?.length ?? 0), 0);
}

async function drained(workbook: ExcelJS.stream.xlsx.WorkbookWriter, out: PassThrough) {
  while (!out.destroyed && (out.readableLength > outputMark || zipBacklog(workbook) > zipInputMark)) await sleep(2);
}

/**
 * An xlsx body streamed with ExcelJS's WorkbookWriter into a PassThrough this code reads only as the response is
 * pulled; the first chunk is buffered before anything is committed, to fit the column widths. A source that throws
 * mid-way errors the stream: the download fails instead of arriving short.
 */
export function xlsxBody(
  columns: readonly ExportHeader[],
  chunks: AsyncIterable<SheetRows> | Iterable<SheetRows>,
  options: ExportBodyOptions = {},
): ReadableStream<Uint8Array> {
  const source = Symbol.asyncIterator in chunks ? chunks[Symbol.asyncIterator]() : chunks[Symbol.iterator]();
  const out = new PassThrough({ highWaterMark: outputMark });
  const output = out[Symbol.asyncIterator]();
  let sheet: SheetWriter | null = null;
  let ended = false;
  const rows = () => sheet?.rows ?? 0;
  const fail = (error: unknown) => {
    if (ended) return;
    ended = true;
    options.onError?.(error, rows());
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  };

  async function write() {
    // Deflate level 1: about 45 % more bytes than the default 6 but a quarter less time, the slow part here.
    const zip = { zlib: { level: 1 } };
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
      zip,
    });
    let next = await source.next();
    sheet = openSheet(workbook, options.sheet ?? "Sheet1", columns, next.done ? [] : next.value.cells);
    for (; !next.done && !ended; next = await source.next()) {
      for (const values of next.value.cells) {
        sheet.add(values);
        if (sheet.rows % rowsBetweenChecks === 0) await drained(workbook, out);
      }
    }
    if (!ended) await workbook.commit();
  }

  return new ReadableStream<Uint8Array>({
    start() {
      void write().catch(fail);
    },
    async pull(controller) {
      const next = await output.next();
      if (!next.done) return controller.enqueue(next.value as Buffer);
      ended = true;
      options.onDone?.(rows());
      controller.close();
    },
    async cancel() {
      if (!ended) options.onCancel?.(rows());
      ended = true;
      out.destroy();
      await source.return?.();
    },
  });
}
