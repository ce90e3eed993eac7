import "server-only";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { Worker } from "node:worker_threads";
import { processWide } from "../../server/process-wide";
import { type FromSheetWorker, fromSheetWorker, type ToSheetWorker } from "./sheet-messages";

/** One job's end of a worker: what it is sent, and the worker's answers and failure routed to it. */
export interface SheetLine {
  readonly id: number;
  post(message: ToSheetWorker): void;
  /** The job is over (done, failed or cancelled): its worker may go idle. */
  release(): void;
}

export interface SheetListener {
  message(message: FromSheetWorker): void;
  /** The worker itself failed (crashed, or an answer that is not one): every job of it fails. */
  crash(error: Error): void;
}

interface PoolWorker {
  worker: Worker;
  jobs: Map<number, SheetListener>;
  idle: NodeJS.Timeout | null;
}

// Resolved from the working directory, not this module: Next bundles server code elsewhere, the script stays put.
const workerScript = () => resolve(process.cwd(), "lib/xlsx/sheet-worker.mjs");
// The request thread keeps a core: files share the rest, several jobs to a worker.
const poolSize = Math.max(1, Math.min(4, availableParallelism() - 1));
// A worker that stays unused this long ends; the next file starts one (ExcelJS loads again, about 100 ms).
const idleMs = 30_000;

const pool = () => processWide("xlsx-sheet-pool", () => ({ workers: [] as PoolWorker[], nextJob: 1 }));

function leave(entry: PoolWorker) {
  const { workers } = pool();
  const at = workers.indexOf(entry);
  if (at !== -1) workers.splice(at, 1);
}

function startWorker(): PoolWorker {
  const entry: PoolWorker = {
    worker: new Worker(/* turbopackIgnore: true */ workerScript()),
    jobs: new Map(),
    idle: null,
  };
  const crash = (error: Error) => {
    leave(entry);
    for (const listener of entry.jobs.values()) listener.crash(error);
    entry.jobs.clear();
    void entry.worker.terminate();
  };
  entry.worker.on("message", (raw: unknown) => {
    const parsed = fromSheetWorker.safeParse(raw);
    if (!parsed.success)
      return crash(new Error(`the xlsx worker answered something unexpected: ${parsed.error.message}`));
    entry.jobs.get(parsed.data.job)?.message(parsed.data);
  });
  entry.worker.on("error", crash);
  entry.worker.on("exit", (code) => crash(new Error(`the xlsx worker exited (code ${code})`)));
  return entry;
}

function settle(entry: PoolWorker) {
  if (entry.jobs.size > 0) {
    if (entry.idle) clearTimeout(entry.idle);
    entry.idle = null;
    // A worker with work keeps the process alive; an idle one never does.
    entry.worker.ref();
    return;
  }
  entry.worker.unref();
  entry.idle ??= setTimeout(() => {
    if (entry.jobs.size > 0) return;
    leave(entry);
    void entry.worker.terminate();
  }, idleMs).unref();
}

/** A job on the least busy worker, starting one while there are fewer than the pool's size and all are busy. */
export function sheetLine(listener: SheetListener): SheetLine {
  const state = pool();
  const least = state.workers.reduce<PoolWorker | null>(
    (best, each) => (best && best.jobs.size <= each.jobs.size ? best : each),
    null,
  );
  const entry = least && (least.jobs.size === 0 || state.workers.length >= poolSize) ? least : startWorker();
  if (!state.workers.includes(entry)) state.workers.push(entry);
  const id = state.nextJob++;
  entry.jobs.set(id, listener);
  settle(entry);
  return {
    id,
    post: (message) => {
      if (entry.jobs.has(id)) entry.worker.postMessage(message);
    },
    release: () => {
      if (!entry.jobs.delete(id)) return;
      settle(entry);
    },
  };
}

/** Workers running and jobs in them: what a finished or cancelled file must give back. */
export function sheetPoolLoad(): { workers: number; jobs: number } {
  const { workers } = pool();
  return { workers: workers.length, jobs: workers.reduce((sum, entry) => sum + entry.jobs.size, 0) };
}
