import "server-only";
import type { ExportBodyOptions, ExportHeader } from "../../csv/export-format";
import { sheetName } from "../sheet-name";
import { claimEarlySheet } from "./early-sheet";
import { SheetJob } from "./sheet-job";
import type { SheetRows } from "./sheet-rows";

// The file's bytes a worker may write ahead of the reader, when it writes as the response is pulled.
const streamWindow = 256 * 1024;

type Chunks = AsyncIterable<SheetRows> | Iterable<SheetRows>;

/** Hands the source's batches to the job as the worker takes them: nothing is pulled while the reader waits. */
async function feed(
  job: SheetJob,
  source: AsyncIterator<SheetRows> | Iterator<SheetRows>,
  sheet: string,
  fed: { rows: number },
) {
  for (let next = await source.next(); !next.done; next = await source.next()) {
    if (job.broken) return;
    job.add(next.value.cells);
    fed.rows += next.value.rows;
    while (!job.hasCredit && !job.broken) await job.changed();
  }
  job.end(sheet);
}

/**
 * An xlsx body written by a sheet worker (lib/xlsx/sheet-worker.mjs), off the request thread. Chunks a list read
 * started writing already are finished; any others are fed to a new job as the response is pulled. A source or a
 * worker that fails mid-way errors the stream: the download fails instead of arriving short.
 */
export function xlsxBody(
  columns: readonly ExportHeader[],
  chunks: Chunks,
  options: ExportBodyOptions = {},
): ReadableStream<Uint8Array> {
  const sheet = sheetName(options.sheet ?? "Sheet1");
  const early = claimEarlySheet(chunks);
  const job = early?.job ?? new SheetJob(columns, streamWindow);
  const fed = { rows: early?.rows ?? 0 };
  let source: AsyncIterator<SheetRows> | Iterator<SheetRows> | null = null;
  let ended = false;

  return new ReadableStream<Uint8Array>({
    start() {
      if (early) return job.end(sheet);
      source = Symbol.asyncIterator in chunks ? chunks[Symbol.asyncIterator]() : chunks[Symbol.iterator]();
      void feed(job, source, sheet, fed).catch((error: unknown) =>
        job.fail(error instanceof Error ? error : new Error(String(error))),
      );
    },
    async pull(controller) {
      let chunk: Uint8Array | null;
      try {
        chunk = await job.read();
      } catch (error) {
        if (!ended) options.onError?.(error, fed.rows);
        ended = true;
        throw error;
      }
      if (chunk) return controller.enqueue(chunk);
      ended = true;
      options.onDone?.(job.rows);
      controller.close();
    },
    async cancel() {
      if (!ended) options.onCancel?.(fed.rows);
      ended = true;
      job.fail(new Error("the download was cancelled"));
      await source?.return?.();
    },
  });
}
