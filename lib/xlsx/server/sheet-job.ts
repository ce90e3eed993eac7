import "server-only";
import type { ExportHeader } from "../../csv/export-format";
import type { RawValue } from "../../table/types";
import type { FromSheetWorker } from "./sheet-messages";
import { type SheetLine, sheetLine } from "./sheet-pool";

type Batch = readonly (readonly RawValue[])[];

// Batches handed to the worker and not yet written: the worker holds no more than these.
const inputCredit = 4;

/**
 * One xlsx file written by a sheet worker. Batches go to the worker as it takes them (credit), the zip's bytes come
 * back and wait here until read; the worker stops writing while `window` bytes are unread (acknowledged on read).
 */
export class SheetJob {
  private readonly line: SheetLine;
  private readonly waiting: Batch[] = [];
  private readonly ready: Uint8Array[] = [];
  private inFlight = 0;
  private sheet: string | null = null;
  private ended = false;
  private wakers: (() => void)[] = [];
  private failure: Error | null = null;
  private finished = false;
  /** Rows the worker has written so far. */
  rows = 0;

  constructor(columns: readonly ExportHeader[], window: number) {
    this.line = sheetLine({ message: (message) => this.receive(message), crash: (error) => this.fail(error) });
    const headers = columns.map(({ header, kind }) => ({ header, kind }));
    this.line.post({ type: "open", job: this.line.id, columns: headers, window });
  }

  /** True once the job failed or was cancelled: it writes nothing more. */
  get broken(): boolean {
    return this.failure !== null;
  }

  /** True while the worker can take another batch without one waiting here. */
  get hasCredit(): boolean {
    return this.waiting.length + this.inFlight < inputCredit;
  }

  add(rows: Batch): void {
    if (this.broken || this.sheet !== null || rows.length === 0) return;
    this.waiting.push(rows);
    this.pump();
  }

  /** No more rows: the sheet gets its name and the workbook is finished. */
  end(sheet: string): void {
    this.sheet ??= sheet;
    this.pump();
  }

  /** Waits for the next event (bytes, credit, the end or a failure). */
  changed(): Promise<void> {
    return new Promise((wake) => this.wakers.push(wake));
  }

  /** The next bytes of the file, null at its end; throws if the job failed. */
  async read(): Promise<Uint8Array | null> {
    for (;;) {
      const chunk = this.ready.shift();
      if (chunk) {
        this.line.post({ type: "ack", job: this.line.id, bytes: chunk.byteLength });
        return chunk;
      }
      if (this.failure) throw this.failure;
      if (this.finished) return null;
      await this.changed();
    }
  }

  /** Ends the job here and in its worker, dropping what it wrote. */
  fail(error: Error): void {
    if (this.failure || this.finished) return;
    this.failure = error;
    this.ready.length = 0;
    this.waiting.length = 0;
    this.line.post({ type: "cancel", job: this.line.id });
    this.line.release();
    this.notify();
  }

  private pump() {
    while (this.waiting.length > 0 && this.inFlight < inputCredit) {
      this.inFlight += 1;
      this.line.post({ type: "rows", job: this.line.id, rows: this.waiting.shift()! });
    }
    if (this.sheet !== null && this.waiting.length === 0 && !this.ended) {
      this.ended = true;
      this.line.post({ type: "end", job: this.line.id, sheet: this.sheet });
    }
  }

  private receive(message: FromSheetWorker) {
    if (message.type === "bytes") this.ready.push(new Uint8Array(message.chunk));
    if (message.type === "taken") {
      this.inFlight -= 1;
      this.rows += message.rows;
      this.pump();
    }
    if (message.type === "failed")
      return this.fail(new Error(`the xlsx file could not be written: ${message.message}`));
    if (message.type === "done") {
      this.finished = true;
      this.line.release();
    }
    this.notify();
  }

  private notify() {
    for (const wake of this.wakers.splice(0)) wake();
  }
}
