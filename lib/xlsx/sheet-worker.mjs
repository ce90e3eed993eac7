// A worker thread that writes xlsx files with ExcelJS, off the request thread: several jobs at once, each fed batches
// of raw values and sending the zip's bytes back (messages in lib/xlsx/server/sheet-messages.ts).
import { Writable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { parentPort } from "node:worker_threads";
import ExcelJS from "exceljs";
import { openSheet } from "./sheet-writer.mjs";

// ExcelJS applies no backpressure: it writes each committed row into the zip's input at once. So every few rows the
// writer waits until both the zip's input and the unacknowledged output are below their marks.
const zipInputMark = 1024 * 1024;
const rowsBetweenChecks = 100;

const jobs = new Map();

/**
 * What waits in the zip's input: ExcelJS's sheet stream pipes into archiver's PassThrough (readable-stream, without
 * `writableLength`) and ignores what write() returns, so the bytes are counted from the stream's state.
 */
function zipBacklog(workbook) {
  const pipes = (workbook._worksheets ?? []).flatMap((sheet) => sheet?.stream?.pipes ?? []);
  return pipes.reduce((sum, pipe) => sum + (pipe._writableState?.length ?? 0) + (pipe._readableState?.length ?? 0), 0);
}

/** The zip's bytes, posted as they come (each in its own transferred buffer), held once `window` is unacknowledged. */
function output(job) {
  return new Writable({
    highWaterMark: 64 * 1024,
    write(chunk, _encoding, written) {
      const copy = new Uint8Array(chunk.byteLength);
      copy.set(chunk);
      parentPort.postMessage({ type: "bytes", job: job.id, chunk: copy.buffer }, [copy.buffer]);
      job.unacked += chunk.byteLength;
      if (job.unacked <= job.window) written();
      else job.resume = written;
    },
  });
}

/** The next message's batch, or null once the file is to be finished. */
function nextBatch(job) {
  if (job.batches.length > 0 || job.sheetName !== null || job.cancelled) return Promise.resolve(job.batches.shift());
  return new Promise((wake) => (job.wake = wake)).then(() => nextBatch(job));
}

/** Resolves on the output's 'drain', or once it is destroyed (a cancelled job), which ends the wait as well. */
function drain(out) {
  if (out.destroyed) return Promise.resolve();
  return new Promise((go) => {
    const done = () => {
      out.off("drain", done);
      out.off("close", done);
      go();
    };
    out.on("drain", done);
    out.on("close", done);
  });
}

async function drained(job) {
  while (!job.cancelled) {
    // A full output by its event, not a 2 ms poll (~500 wake-ups a second on a slow download); the rest has none.
    if (job.out.writableNeedDrain) await drain(job.out);
    else if (job.out.writableLength > 0 || zipBacklog(job.workbook) > zipInputMark) await sleep(2);
    else return;
  }
}

async function write(job) {
  // Deflate level 1: about 45 % more bytes than the default 6 but a quarter less time, the slow part here.
  job.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: job.out,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  let batch = await nextBatch(job);
  const sheet = openSheet(job.workbook, job.columns, batch ?? []);
  for (; batch && !job.cancelled; batch = await nextBatch(job)) {
    for (const values of batch) {
      sheet.add(values);
      if (sheet.rows % rowsBetweenChecks === 0) await drained(job);
    }
    parentPort.postMessage({ type: "taken", job: job.id, rows: batch.length });
  }
  if (job.cancelled) return;
  sheet.name(job.sheetName);
  // Resolves once the zip is finalised and every byte has been posted.
  await job.workbook.commit();
  parentPort.postMessage({ type: "done", job: job.id });
}

function open({ job: id, columns, window }) {
  const job = { id, columns, window, batches: [], sheetName: null, cancelled: false, unacked: 0 };
  job.out = output(job);
  jobs.set(id, job);
  write(job)
    .catch((error) => {
      if (!job.cancelled) parentPort.postMessage({ type: "failed", job: id, message: String(error?.message ?? error) });
    })
    .finally(() => jobs.delete(id));
}

function wake(job) {
  const waiting = job.wake;
  job.wake = null;
  waiting?.();
}

parentPort.on("message", (message) => {
  if (message.type === "open") return open(message);
  const job = jobs.get(message.job);
  if (!job) return;
  if (message.type === "rows") job.batches.push(message.rows);
  if (message.type === "end") job.sheetName = message.sheet;
  if (message.type === "cancel") {
    job.cancelled = true;
    jobs.delete(job.id);
    job.out.destroy();
  }
  if (message.type === "ack") {
    job.unacked -= message.bytes;
    if (job.resume && job.unacked <= job.window) {
      const resume = job.resume;
      job.resume = null;
      resume();
    }
  }
  wake(job);
});
