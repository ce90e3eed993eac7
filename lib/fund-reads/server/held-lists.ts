import "server-only";
import type { Fund } from "../../data/funds";
import type { Investor } from "../../data/investors";
import { serverEnv } from "../../server/env";
import { processWide } from "../../server/process-wide";
import type { KeptFundList } from "./kept";

// The held lists of every fund: what fund-lists.ts reads into, ages, evicts and answers from.

/** One whole read of a fund's investor list: the masked records, and the fund's own record read with them. */
export interface FundListRead {
  fundId: string;
  fund: Fund;
  investors: readonly Investor[];
  /** Each record's keyed tax hash, worked out before it was masked. */
  taxKeys: readonly (string | null)[];
  /** The content digest: the list's version. */
  digest: string;
  /** When its read began (ms); for a kept read, when it was last seen. */
  startedAt: number;
  /** Served from the store while the live read runs: when that kept read was last seen (ms); null for a live read. */
  keptAt: number | null;
}

export interface Entry {
  fundId: string;
  /** When its read began: what its age is counted from. */
  startedAt: number;
  usedAt: number;
  rows: number;
  /** The list has arrived (the read carries the content digest, its version). */
  ready: boolean;
  read: Promise<FundListRead>;
  /** While the list is read: the masked records so far (of the latest attempt) and how many the fund says it has. */
  reading: { investors: Investor[]; expected: number | null };
  /** Settles once the first screen of records has been read, or the read has ended either way. */
  firstScreen: Promise<void>;
  /** A kept read from the store: served until the live read lands, never counted fresh nor as a Refresh. */
  kept?: boolean;
}

// Pages and route handlers are separate bundles: the held lists are process-wide so both see the same ones.
export const entries = processWide<Entry[]>("fund-list-reads", () => []);

// What one held record costs on the heap: a masked investor record measured 1.26 KB (a 50,000-investor demo fund,
// heapUsed before and after), its tax key and its share of the table's index about as much again.
const heldBytesPerRow = 2_048;

/** How many records the held lists may keep: HELD_LISTS_MB of them; the least recently used lists go first. */
function maxRows(): number {
  return Math.floor((serverEnv().HELD_LISTS_MB * 1_048_576) / heldBytesPerRow);
}
// A list nobody has paged for this long is dropped.
const idleMs = 10 * 60_000;

/** Within INVESTOR_LIST_CACHE_SECONDS of its read. */
export function isFresh(entry: Entry, now: number): boolean {
  return !entry.kept && now - entry.startedAt < serverEnv().INVESTOR_LIST_CACHE_SECONDS * 1_000;
}

export function evict(now: number) {
  entries.sort((a, b) => b.usedAt - a.usedAt);
  let rows = 0;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    const newer = entries.filter((other) => other.fundId === entry.fundId && other.startedAt > entry.startedAt).length;
    // Each fund keeps its latest list and the one before, so someone paging the older one is not cut off.
    if (now - entry.usedAt > idleMs || newer >= 2 || (rows + entry.rows > maxRows() && i > 0)) entries.splice(i--, 1);
    else rows += entry.rows;
  }
}

/** The fund's held lists, newest first. */
export function listsOf(fundId: string): Entry[] {
  return entries.filter((entry) => entry.fundId === fundId).sort((a, b) => b.startedAt - a.startedAt);
}

/**
 * Held lists for funds from their newest kept reads (a process's start): served at once, "as of" their read; past
 * the cache's age, the first request of each fund reads it live meanwhile. Newest funds first, up to the cache's
 * size; a fund held already is left.
 */
export function seedKeptLists(lists: readonly KeptFundList[], opened = false): FundListRead[] {
  const seeded: FundListRead[] = [];
  let rows = entries.reduce((sum, entry) => sum + entry.rows, 0);
  for (const kept of [...lists].sort((a, b) => b.seenAt - a.seenAt)) {
    // A fund being opened is held whatever the bound: the least recently used lists make room for it (evict).
    const room = opened || rows + kept.investors.length <= maxRows();
    if (!kept.fund || listsOf(kept.fundId).length > 0 || !room) continue;
    rows += kept.investors.length;
    const { fundId, investors, taxKeys, digest, seenAt } = kept;
    // Read within the cache's age: as fresh as a list this process read itself, and served as one.
    const fresh = Date.now() - seenAt < serverEnv().INVESTOR_LIST_CACHE_SECONDS * 1_000;
    const read: FundListRead = {
      fundId,
      fund: kept.fund,
      investors,
      taxKeys,
      digest,
      startedAt: seenAt,
      keptAt: fresh ? null : seenAt,
    };
    entries.push({
      fundId,
      startedAt: seenAt,
      usedAt: Date.now(),
      rows: investors.length,
      ready: true,
      read: Promise.resolve(read),
      reading: { investors: [], expected: null },
      firstScreen: Promise.resolve(),
      kept: !fresh,
    });
    seeded.push(read);
  }
  return seeded;
}
