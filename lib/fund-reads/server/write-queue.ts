import "server-only";
import { type KeptWrite, recordReads, storeStatus } from "../../store/server";
import { processWide } from "../../server/process-wide";
import { afterKept } from "./kept-hooks";

// The reads waiting to be kept, written a batch at a time, one batch after another: a directory's 2,000 small funds
// cost one transaction per 200 funds, not one per fund, so the store keeps up with the upstream. A fund's reads
// land in the order they were made (a later read of a fund already in a batch waits for the next one).

interface Pending {
  write: KeptWrite;
  rows: number;
  done: () => void;
}

interface Queue {
  pending: Pending[];
  /** Every write not landed yet (for keptWritesLanded). */
  unsettled: Set<Promise<void>>;
  running: Promise<void> | null;
  /** Records queued or being written, and the most there ever were. */
  rows: number;
  peakRows: number;
  /** Told each time a batch has landed (an organization's read waiting for room). */
  landed: Set<() => void>;
}

const queue = () =>
  processWide<Queue>("kept-write-queue", () => ({
    pending: [],
    unsettled: new Set(),
    running: null,
    rows: 0,
    peakRows: 0,
    landed: new Set(),
  }));

// A transaction holds PGlite's one session: about 20,000 positions (~1 s) at most, so a page's history read waits
// little; a larger list goes alone.
const maxRows = 20_000;
const maxWrites = 200;

const keyOf = (write: KeptWrite) => `${write.kind}\u0000${write.fundId}`;

function nextBatch(pending: readonly Pending[]): Pending[] {
  const batch: Pending[] = [];
  const keys = new Set<string>();
  let rows = 0;
  for (const item of pending) {
    if (batch.length > 0 && (rows + item.rows > maxRows || batch.length >= maxWrites)) break;
    if (keys.has(keyOf(item.write))) continue;
    batch.push(item);
    keys.add(keyOf(item.write));
    rows += item.rows;
  }
  return batch;
}

/** Writes a batch; when it fails on a store that is up, each write alone, so one bad read costs only itself. */
async function write(batch: readonly Pending[]): Promise<void> {
  try {
    await recordReads(
      batch.map((item) => item.write),
      undefined,
      afterKept,
    );
  } catch {
    if (batch.length === 1 || storeStatus().state !== "ready") return;
    for (const item of batch) await recordReads([item.write], undefined, afterKept).catch(() => undefined);
  }
}

async function drain(state: Queue): Promise<void> {
  while (state.pending.length > 0) {
    const batch = nextBatch(state.pending);
    const taken = new Set(batch);
    state.pending = state.pending.filter((item) => !taken.has(item));
    await write(batch);
    for (const item of batch) item.done();
    state.rows -= batch.reduce((rows, item) => rows + item.rows, 0);
    for (const tell of state.landed) tell();
  }
}

/** Records waiting to be kept now, and the most there were at once (the bound's effect, for logs and tests). */
export function queuedRows(): { rows: number; peak: number } {
  return { rows: queue().rows, peak: queue().peakRows };
}

/**
 * Settles once fewer than `maxRows` records wait to be kept, or after `maxWaitMs` (a store that hangs never stops
 * the reads). What an organization's read holds waiting is bounded by it, not by the organization's size, and so is
 * what a stop must drain.
 */
export async function roomToKeep(maxRows: number, maxWaitMs = 30_000): Promise<void> {
  const state = queue();
  const deadline = Date.now() + maxWaitMs;
  while (state.rows >= maxRows && Date.now() < deadline) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.max(0, deadline - Date.now()));
      function done() {
        clearTimeout(timer);
        state.landed.delete(done);
        resolve();
      }
      state.landed.add(done);
    });
  }
}

/** Keeps a read; settles once it is written or could not be (the store logs its state; a page never fails on it). */
export function enqueueRead(read: KeptWrite): Promise<void> {
  const state = queue();
  const rows = read.kind === "investors" ? read.investors.length : 1;
  let done = () => {};
  const landed = new Promise<void>((resolve) => (done = resolve));
  state.pending.push({ write: read, rows, done });
  state.rows += rows;
  state.peakRows = Math.max(state.peakRows, state.rows);
  state.unsettled.add(landed);
  void landed.then(() => state.unsettled.delete(landed));
  state.running ??= drain(state).finally(() => (state.running = null));
  return landed;
}

/** The writes queued so far, landed or not (not those queued meanwhile). */
export function queuedWrites(): Promise<void>[] {
  return [...queue().unsettled];
}
