import type { ScaledColumn } from "../values/scaled-column";
import { eachInSlices, type Pause, sortInSlices } from "./in-slices";
import { compareKeys, compareText, DecimalKey, type SortKey, sortKey } from "./view";
import type { ColumnSpec, SortState } from "./types";

/**
 * Each row's rank among its column's distinct values (rows whose values compare equal share one), -1 when empty:
 * only the distinct values are compared, and either direction's order then comes in linear time (orderOfRanks).
 */
export interface Ranks {
  ranks: Int32Array;
  count: number;
}

async function ranksOf<K>(
  keys: readonly (K | null | undefined)[],
  identity: (key: K) => unknown,
  compare: (a: K, b: K) => number,
  pause: Pause | null,
): Promise<Ranks> {
  const distinct = new Map<unknown, K>();
  await eachInSlices(
    keys.length,
    (row) => {
      const key = keys[row];
      if (key !== null && key !== undefined) distinct.set(identity(key), key);
    },
    pause,
  );
  const values = [...distinct.values()];
  const sorted = pause ? await sortInSlices(values, compare, pause) : values.sort(compare);
  const rankOf = new Map<unknown, number>();
  let rank = -1;
  await eachInSlices(
    sorted.length,
    (at) => {
      if (at === 0 || compare(sorted[at - 1]!, sorted[at]!) !== 0) rank += 1;
      rankOf.set(identity(sorted[at]!), rank);
    },
    pause,
  );
  const ranks = new Int32Array(keys.length);
  await eachInSlices(
    keys.length,
    (row) => {
      const key = keys[row];
      ranks[row] = key === null || key === undefined ? -1 : rankOf.get(identity(key))!;
    },
    pause,
  );
  return { ranks, count: rank + 1 };
}

/** Ranks of doubles that are exact (safe integers), NaN for empty: sorted natively, each found by bisection. */
function ranksOfNumbers(values: Float64Array): Ranks {
  const present = new Float64Array(values.length);
  let count = 0;
  for (const value of values) if (!Number.isNaN(value)) present[count++] = value;
  present.subarray(0, count).sort();
  let distinct = 0;
  for (let at = 0; at < count; at++)
    if (at === 0 || present[at] !== present[at - 1]) present[distinct++] = present[at]!;
  const ranks = new Int32Array(values.length);
  for (let row = 0; row < values.length; row++) {
    const value = values[row]!;
    if (Number.isNaN(value)) {
      ranks[row] = -1;
      continue;
    }
    let [low, high] = [0, distinct - 1];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (present[middle]! < value) low = middle + 1;
      else high = middle;
    }
    ranks[row] = low;
  }
  return { ranks, count: distinct };
}

/** A numeric column whose values are all safe integers (or empty), as doubles; null when one is anything else. */
function integers<T>(rows: readonly T[], column: ColumnSpec<T>): Float64Array | null {
  if (column.kind === "text" || column.kind === "date") return null;
  const values = new Float64Array(rows.length);
  for (let row = 0; row < rows.length; row++) {
    const value = column.value(rows[row]!);
    if (value === null || value === undefined) values[row] = Number.NaN;
    else if (Number.isSafeInteger(value)) values[row] = value as number;
    else return null;
  }
  return values;
}

const keyIdentity = (key: SortKey) => (key instanceof DecimalKey ? `d${key.exact}` : key);
const compareUnits = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The ranks of a column's values, ordered as sortedPositions orders them. A money column whose values are already
 * scaled integers may pass them; with `pause`, a long sort of distinct values pauses between slices.
 */
export async function columnRanks<T>(
  rows: readonly T[],
  column: ColumnSpec<T>,
  options: { scaled?: ScaledColumn; pause?: Pause } = {},
): Promise<Ranks> {
  const { scaled, pause = null } = options;
  const numbers = scaled ? scaled.numbers : integers(rows, column);
  if (numbers) return ranksOfNumbers(numbers);
  if (scaled)
    return ranksOf(
      Array.from(rows.keys(), (row) => scaled.valueAt(row)),
      (units) => units,
      compareUnits,
      null,
    );
  const keys = new Array<SortKey | undefined>(rows.length);
  await eachInSlices(rows.length, (row) => (keys[row] = sortKey(column.kind, column.value(rows[row]!))), pause);
  // Text keys are strings, compared by the collator straight away.
  const compare = column.kind === "text" ? (compareText as (a: SortKey, b: SortKey) => number) : compareKeys;
  return ranksOf(keys, keyIdentity, compare, pause);
}

/** Positions by rank (descending: highest first), ties by position, empty last: a stable counting sort. */
export function orderOfRanks({ ranks, count }: Ranks, direction: SortState["direction"]): Int32Array {
  const bucket = (rank: number) => (rank < 0 ? count : direction === "asc" ? rank : count - 1 - rank);
  const starts = new Int32Array(count + 2);
  for (const rank of ranks) starts[bucket(rank) + 1]! += 1;
  for (let at = 1; at < starts.length; at++) starts[at]! += starts[at - 1]!;
  const order = new Int32Array(ranks.length);
  ranks.forEach((rank, position) => (order[starts[bucket(rank)]!++] = position));
  return order;
}

/**
 * The order sortedPositions gives (stable, empty and unparseable values last in both directions), worked out by
 * comparing each distinct value once.
 */
export async function rankedOrder<T>(
  rows: readonly T[],
  column: ColumnSpec<T>,
  direction: SortState["direction"],
  options: { scaled?: ScaledColumn; pause?: Pause } = {},
): Promise<Int32Array> {
  return orderOfRanks(await columnRanks(rows, column, options), direction);
}
