import "server-only";
import { setFlagsFromString } from "node:v8";
import { foregroundQuiet } from "./foreground.mjs";
import { logLine } from "./log";

const mb = (bytes: number) => Math.round(bytes / 1_048_576);
// Compacting moves everything live, and every request waits meanwhile: 358 ms with 446 MB in use (100,000
// positions), 7.7 s with 1,777 MB (1,000,000), which gave back only 220 MB. Past this, V8's own collector decides.
const maxInUseToCompact = 768 * 1_048_576;
let pending: Promise<void> | null = null;

/**
 * One compacting collection once no request is running, after work that leaves much garbage
 * behind: an organization read and its indexes. V8 collects the old generation only as it grows again and compacts
 * only its most fragmented pages, so the first start's bodies stayed resident (100,000 positions: the server at
 * 806–842 MB RSS when the directory completed, 360 MB after a restart holding the same). A no-op unless Node runs
 * with `--expose-gc` (scripts/server-flags.mjs), or with more than `maxInUse` bytes in use.
 */
export function compactHeap(after: string, maxInUse = maxInUseToCompact): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return Promise.resolve();
  // Every request waits out the pause: it starts in a moment none is running (after at most 30 s of them).
  pending ??= foregroundQuiet(30_000).then(() => {
    pending = null;
    const before = process.memoryUsage();
    if (before.heapUsed > maxInUse) {
      logLine("heap_not_compacted", { after, heapUsedMb: mb(before.heapUsed), heapTotalMb: mb(before.heapTotal) });
      return;
    }
    const began = performance.now();
    // Compaction is V8's choice per collection; this one collection asks for all of it, then the default returns.
    setFlagsFromString("--compact-on-every-full-gc");
    try {
      gc();
    } finally {
      setFlagsFromString("--no-compact-on-every-full-gc");
    }
    const { heapUsed, heapTotal } = process.memoryUsage();
    logLine("heap_compacted", {
      after,
      ms: Math.round(performance.now() - began),
      heapUsedBeforeMb: mb(before.heapUsed),
      heapTotalBeforeMb: mb(before.heapTotal),
      heapUsedMb: mb(heapUsed),
      heapTotalMb: mb(heapTotal),
    });
  });
  return pending;
}

// A long stream's garbage (each batch's rows and text, kept across the waits on the store and the client, so V8 moves
// it to the old generation) grew the server by 283–383 MB over the directory's 100 MB file at 1,000,000 positions
// before V8 collected it, and by 142 MB over 1,000 statement PDFs: a stream collects once the heap has grown this much
// since it began (with --expose-gc, as npm start runs).
const streamGrowth = 48 * 1_048_576;

/** After each batch of a long stream: collects its garbage once the heap grew `allowed` bytes past `baseline`. */
export function collectStreamGarbage(baseline: number, allowed = streamGrowth): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc && process.memoryUsage().heapUsed - baseline > allowed) gc();
}
