import { afterEach, describe, expect, it } from "vitest";
import { requestEnded, requestStarted, requestsRunning } from "./foreground.mjs";
import { collectStreamGarbage, compactHeap } from "./heap";

// Unit workers run with --expose-gc (vitest.config.mts), as the server does (scripts/server-flags.mjs).

/** A fragmented old generation: a fifth of many small records survive, spread over every page. */
function fragmentedHeap(): unknown[] {
  const kept: unknown[] = [];
  let garbage: unknown[] | null = [];
  for (let i = 0; i < 3_000_000; i += 1) {
    const record = { id: `investor-${i}`, amounts: [String(i), String(i * 2)] };
    (i % 5 === 0 ? kept : garbage).push(record);
  }
  garbage = null;
  return kept;
}

describe("the heap after an organization read", () => {
  afterEach(() => {
    while (requestsRunning() > 0) requestEnded();
  });

  it("gives back what its garbage took, not just marks it free", async () => {
    const kept = fragmentedHeap();
    const before = process.memoryUsage();
    await compactHeap("test");
    const after = process.memoryUsage();
    expect(kept).toHaveLength(600_000);
    // A full collection without compaction frees the garbage but keeps its pages (here 610 -> 555 MB; compacted, 154 MB).
    expect(after.heapTotal).toBeLessThan(before.heapTotal * 0.5);
  });

  it("leaves a heap with more in use than its bound to V8, as the pause would be long", async () => {
    const kept = fragmentedHeap();
    const before = process.memoryUsage();
    await compactHeap("test", 64 * 1_048_576);
    expect(kept).toHaveLength(600_000);
    expect(process.memoryUsage().heapTotal).toBeGreaterThan(before.heapTotal * 0.8);
  });

  it("waits for the running requests, and one compaction serves every caller meanwhile", async () => {
    requestStarted();
    let done = 0;
    const first = compactHeap("first").then(() => (done += 1));
    const second = compactHeap("second").then(() => (done += 1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(done).toBe(0);
    requestEnded();
    await Promise.all([first, second]);
    expect(done).toBe(2);
  });
});

describe("a long stream's garbage", () => {
  it("is collected once the heap grew past the allowance since the stream began, not before", () => {
    const baseline = process.memoryUsage().heapUsed;
    // Garbage the size of a few batches of rows, already dropped, as a stream leaves it.
    let garbage: string[] | null = Array.from({ length: 200_000 }, (_, i) => `investor-${i},${i}.00,${i * 2}.00`);
    expect(garbage).toHaveLength(200_000);
    garbage = null;
    collectStreamGarbage(baseline, 256 * 1_048_576);
    expect(process.memoryUsage().heapUsed - baseline).toBeGreaterThan(4 * 1_048_576);
    collectStreamGarbage(baseline, 1_048_576);
    expect(process.memoryUsage().heapUsed - baseline).toBeLessThan(4 * 1_048_576);
  });
});
