import "server-only";

// How a start asks the store for its kept summaries: smallest lists first, a few funds a query. PGlite has one
// session, so a fund page opened meanwhile waits for the query running, never for the whole load; one query holding
// a 50,000-investor summary beside 250 other funds kept a fresh process's first fund page waiting 3.6 s.

export interface BatchLimits {
  /** Funds in the first query, served before the rest are asked for: a restart's first pages sooner. */
  first: number;
  /** Funds in any later query. */
  funds: number;
  /** Positions in a query (a bigger list goes alone). */
  positions: number;
}

export const batchLimits: BatchLimits = { first: 50, funds: 250, positions: 10_000 };

/** The funds' keys in queries: by their kept investor count, smallest first (unknown counts as none). */
export function summaryBatches(
  keys: readonly string[],
  counts: ReadonlyMap<string, number>,
  limits: BatchLimits = batchLimits,
): string[][] {
  const size = (key: string) => counts.get(key) ?? 0;
  const ordered = [...keys].sort((a, b) => size(a) - size(b));
  const batches: string[][] = [];
  let batch: string[] = [];
  let positions = 0;
  for (const key of ordered) {
    const most = batches.length === 0 ? limits.first : limits.funds;
    if (batch.length > 0 && (batch.length >= most || positions + size(key) > limits.positions)) {
      batches.push(batch);
      batch = [];
      positions = 0;
    }
    batch.push(key);
    positions += size(key);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
