import "server-only";
import type { Principal } from "../../data/principal";
import { collectInvestors, type Investor, intoArray } from "../../data/investors";
import { Conflict } from "../../http/errors";
import { serverEnv } from "../../server/env";
import { processWide } from "../../server/process-wide";
import { InvestorIndex } from "./investor-index";
import { mayRefresh } from "./refresh-throttle";

interface Entry {
  fundId: string;
  /** When its read began: what its age is counted from. */
  startedAt: number;
  usedAt: number;
  rows: number;
  /** The list has arrived and is indexed (its index carries the content digest, its version). */
  ready: boolean;
  index: Promise<InvestorIndex>;
}

// Pages and route handlers are separate bundles: the held lists are process-wide so both see the same ones.
const entries = processWide<Entry[]>("investor-list-cache", () => []);
// About 1.2 GB of parsed investors at most; the least recently used lists go first.
const maxRows = 250_000;
// A list nobody has paged for this long is dropped.
const idleMs = 10 * 60_000;

const outdated = () => new Conflict("The investor list was refreshed since this table loaded. Reload the table.");

/** Within INVESTOR_LIST_CACHE_SECONDS of its read. */
function isFresh(entry: Entry, now: number): boolean {
  return now - entry.startedAt < serverEnv().INVESTOR_LIST_CACHE_SECONDS * 1_000;
}

function evict(now: number) {
  entries.sort((a, b) => b.usedAt - a.usedAt);
  let rows = 0;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    const newer = entries.filter((other) => other.fundId === entry.fundId && other.startedAt > entry.startedAt).length;
    // Each fund keeps its latest list and the one before, so someone paging the older one is not cut off.
    if (now - entry.usedAt > idleMs || newer >= 2 || (rows + entry.rows > maxRows && i > 0)) entries.splice(i--, 1);
    else rows += entry.rows;
  }
}

function readList(fundId: string, principal: Principal, latest: Entry | undefined, now: number): Entry {
  // Reads of one fund stay ordered even when two start within the same millisecond.
  const startedAt = Math.max(now, (latest?.startedAt ?? 0) + 1);
  const created: Entry = { fundId, startedAt, usedAt: now, rows: 0, ready: false, index: Promise.resolve(null!) };
  // Read record by record: only the masked records are kept, never the list's text or an unmasked copy.
  created.index = collectInvestors(principal, fundId, () => intoArray<Investor>()).then(({ value, digest }) => {
    created.rows = value.length;
    created.ready = true;
    return new InvestorIndex(value, digest, startedAt);
  });
  // A failed read is not kept: the next request tries again.
  created.index.catch(() => {
    const at = entries.indexOf(created);
    if (at !== -1) entries.splice(at, 1);
  });
  entries.push(created);
  return created;
}

interface IndexOptions {
  /** The list a later page must come from (its content digest); a view's first page leaves it out. */
  version?: string;
  /** Read the list again even if a recent one is held (the Refresh button). */
  refresh?: boolean;
}

/** The fund's held lists, newest first. */
function listsOf(fundId: string): Entry[] {
  return entries.filter((entry) => entry.fundId === fundId).sort((a, b) => b.startedAt - a.startedAt);
}

/**
 * The list a later page names. Versions are content digests, so any instance that read the same data holds it; one
 * that does not (a restart, another instance) reads the list, as on any miss, and answers if the data is unchanged.
 */
async function listAtVersion(fundId: string, principal: Principal, version: string, now: number): Promise<Entry> {
  const forFund = listsOf(fundId);
  for (const entry of forFund.filter((candidate) => candidate.ready)) {
    if ((await entry.index).version === version) return entry;
  }
  const latest = forFund[0];
  const reading = latest && !latest.ready ? latest : readList(fundId, principal, latest, now);
  if ((await reading.index).version !== version) throw outdated();
  return reading;
}

async function pick(fundId: string, principal: Principal, refresh: boolean, now: number): Promise<Entry> {
  const forFund = listsOf(fundId);
  const latest = forFund[0];
  const ready = forFund.find((candidate) => candidate.ready);
  if (refresh) {
    // Someone pressing Refresh over and over, on any instance, gets the held list, with its age, between reads.
    if (!latest || (await mayRefresh(fundId, latest, now))) return readList(fundId, principal, listsOf(fundId)[0], now);
    return ready ?? latest;
  }
  if (latest && isFresh(latest, now)) return ready ?? latest;
  if (!ready) return latest ?? readList(fundId, principal, latest, now);
  // Past its age the held list still answers at once while the next one loads: under load nobody waits on it.
  if (latest === ready) readList(fundId, principal, latest, now).index.catch(() => undefined);
  return ready;
}

/**
 * The fund's list if one has arrived and is within its age, else null; never reads one. (An export of a list that
 * is not held reads it straight through rather than making the server hold it.)
 */
export async function heldInvestorIndex(_principal: Principal, fundId: string): Promise<InvestorIndex | null> {
  const now = Date.now();
  const entry = listsOf(fundId).find((candidate) => candidate.ready);
  if (!entry || !isFresh(entry, now)) return null;
  entry.usedAt = now;
  return entry.index;
}

/**
 * A fund's masked investor list, indexed for the table. One upstream read serves every person's views for
 * INVESTOR_LIST_CACHE_SECONDS (then the next is read while the held one still answers); concurrent first requests
 * share it; Refresh waits for a new one. Unmasked values are never held.
 */
export async function investorIndex(
  principal: Principal,
  fundId: string,
  options: IndexOptions = {},
): Promise<InvestorIndex> {
  const now = Date.now();
  const entry =
    options.version === undefined
      ? await pick(fundId, principal, options.refresh ?? false, now)
      : await listAtVersion(fundId, principal, options.version, now);
  entry.usedAt = now;
  evict(now);
  return entry.index;
}
