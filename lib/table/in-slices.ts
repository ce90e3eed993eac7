// Long passes over many rows, done a slice at a time so other work (requests) runs in between.

/** Lets other work run; a long sort awaits it between slices. */
export type Pause = () => Promise<void>;

// Comparisons between two pauses of a sort in slices (a few milliseconds of collation).
const sliceComparisons = 5_000;

/**
 * A stable merge sort (runs of `run` sorted natively, then merged) that pauses every few thousand comparisons, so a
 * long sort does not hold the event loop. Sorts `items` in place or returns a sorted copy.
 */
export async function sortInSlices<T>(
  items: T[],
  compare: (a: T, b: T) => number,
  pause: Pause,
  run = 1_024,
): Promise<T[]> {
  for (let start = 0; start < items.length; start += run) {
    const sorted = items.slice(start, start + run).sort(compare);
    for (let at = 0; at < sorted.length; at++) items[start + at] = sorted[at]!;
    await pause();
  }
  let from = items;
  let to = new Array<T>(items.length);
  for (let width = run; width < items.length; width *= 2) {
    let done = 0;
    for (let start = 0; start < items.length; start += 2 * width) {
      let [a, b, out] = [start, Math.min(start + width, items.length), start];
      const [aEnd, bEnd] = [b, Math.min(start + 2 * width, items.length)];
      while (a < aEnd && b < bEnd) to[out++] = compare(from[b]!, from[a]!) < 0 ? from[b++]! : from[a++]!;
      while (a < aEnd) to[out++] = from[a++]!;
      while (b < bEnd) to[out++] = from[b++]!;
      done += bEnd - start;
      if (done >= sliceComparisons) {
        done = 0;
        await pause();
      }
    }
    [from, to] = [to, from];
  }
  return from;
}

// Rows visited between two pauses of a pass over every row (a few milliseconds of Map work).
const sliceRows = 10_000;

/** Calls `each` with 0 to count - 1, pausing between slices of sliceRows when `pause` is given. */
export async function eachInSlices(count: number, each: (at: number) => void, pause: Pause | null): Promise<void> {
  for (let start = 0; start < count; start += sliceRows) {
    const end = Math.min(count, start + sliceRows);
    for (let at = start; at < end; at++) each(at);
    if (pause && end < count) await pause();
  }
}
