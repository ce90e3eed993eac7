import "server-only";
import type { EarlyBody, ExportHeader } from "../../csv/export-format";
import type { SheetRows } from "./sheet-rows";
import { SheetJob } from "./sheet-job";

// What a file written during the read may hold before it is sent: a 50,000-row file of 46 columns is about 17 MB.
const earlyWindow = 32 * 1024 * 1024;
// A file nobody takes this long after its last rows (a read that failed or was retried) is dropped.
const unclaimedMs = 20_000;

const finished = new WeakMap<object, EarlySheet>();

class EarlySheet {
  private job: SheetJob | null;
  private timer: NodeJS.Timeout | null = null;
  rows = 0;

  constructor(columns: readonly ExportHeader[]) {
    this.job = new SheetJob(columns, earlyWindow);
    this.touch();
  }

  add(chunk: SheetRows) {
    this.job?.add(chunk.cells);
    this.rows += chunk.rows;
    this.touch();
  }

  claim(): SheetJob | null {
    if (this.timer) clearTimeout(this.timer);
    const job = this.job;
    this.job = null;
    return job && !job.broken ? job : null;
  }

  private touch() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.claim()?.fail(new Error("the xlsx file was never sent")), unclaimedMs);
    this.timer.unref();
  }
}

/**
 * A file whose rows go to a sheet worker as the list is read, so the writing overlaps the read; the body finishes it
 * when handed exactly these chunks, once the whole read succeeded (else the file is dropped, never sent short).
 */
export function earlySheet(columns: readonly ExportHeader[]): EarlyBody<SheetRows> {
  const sheet = new EarlySheet(columns);
  return {
    add: (chunk) => sheet.add(chunk),
    done: (chunks) => void finished.set(chunks, sheet),
  };
}

/** The file already being written for these chunks, once (another body of them writes its own), and its rows. */
export function claimEarlySheet(chunks: object): { job: SheetJob; rows: number } | null {
  const sheet = finished.get(chunks);
  finished.delete(chunks);
  const job = sheet?.claim();
  return sheet && job ? { job, rows: sheet.rows } : null;
}
