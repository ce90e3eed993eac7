/**
 * What a list read builds from its records one by one, made anew for every attempt (a retry starts over). Each
 * record comes with what the reader derived from it before it was masked (nothing, unless asked).
 */
export interface ListCollector<T, R, D = undefined> {
  add(item: T, derived: D): void;
  done(): R;
}

/** A list read's result: what the collector built, and a digest of the records exactly as they were received. */
export interface Collected<R> {
  value: R;
  /** SHA-256 (hex) over the records' text as received: two readers of the same list agree on it. */
  digest: string;
}

export function intoArray<T>(): ListCollector<T, T[]> {
  const items: T[] = [];
  return { add: (item) => items.push(item), done: () => items };
}
