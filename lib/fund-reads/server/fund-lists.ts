import "server-only";
import { type Fund, getFund } from "../../data/funds";
import type { Investor, ListCollector } from "../../data/investors";
import type { Principal } from "../../data/principal";
import { Conflict } from "../../http/errors";
import { serverEnv } from "../../server/env";
import { processWide } from "../../server/process-wide";
import { acceptFundRead } from "./organization";
import { positionOf } from "./positions";
import type { KeptFundList } from "./kept";
import { mayRefresh } from "./refresh-throttle";
import { readFundList } from "./upstream-list";

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

interface Entry {
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

/** What a view's first page can be cut from before the whole list has arrived. */
export interface EarlyList {
  investors: readonly Investor[];
  /** The fund's own investor_count, when known: how many the read should bring. */
  expected: number | null;
  startedAt: number;
}

// Records read before the first screen is served from a list still arriving (the table's first page).
const firstScreenRows = 100;

// Pages and route handlers are separate bundles: the held lists are process-wide so both see the same ones.
const entries = processWide<Entry[]>("fund-list-reads", () => []);
// What is told of each whole list as it arrives (the investor table readies its index), by name, across bundles.
const listeners = processWide<Map<string, (read: FundListRead) => void>>("fund-list-listeners", () => new Map());

/** Calls `listener` with each whole list as it arrives; a later call with the same name replaces it. */
export function onFundListRead(name: string, listener: (read: FundListRead) => void): void {
  listeners.set(name, listener);
}
// About 1.2 GB of parsed investors at most; the least recently used lists go first.
const maxRows = 250_000;
// A list nobody has paged for this long is dropped.
const idleMs = 10 * 60_000;

const outdated = () => new Conflict("The investor list was refreshed since this table loaded. Reload the table.");

/** Within INVESTOR_LIST_CACHE_SECONDS of its read. */
function isFresh(entry: Entry, now: number): boolean {
  return !entry.kept && now - entry.startedAt < serverEnv().INVESTOR_LIST_CACHE_SECONDS * 1_000;
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

interface Read {
  investors: Investor[];
  taxKeys: (string | null)[];
}

/**
 * The masked records, and each one's tax key worked out before it was masked (for the directory). Each attempt of
 * the read (a retry starts over) collects afresh, and what it has so far is the entry's early list.
 */
function records(entry: Entry, firstScreenRead: () => void): () => ListCollector<Investor, Read, string | null> {
  return () => {
    const read: Read = { investors: [], taxKeys: [] };
    entry.reading.investors = read.investors;
    return {
      add: (investor, taxKey) => {
        read.investors.push(investor);
        read.taxKeys.push(taxKey);
        if (read.investors.length === firstScreenRows) firstScreenRead();
      },
      done: () => read,
    };
  };
}

function countOf(value: unknown): number | null {
  const count = typeof value === "string" ? Number(value) : value;
  return typeof count === "number" && Number.isSafeInteger(count) && count >= 0 ? count : null;
}

function readList(
  fundId: string,
  principal: Principal,
  latest: Entry | undefined,
  now: number,
  refresh = false,
): Entry {
  // Reads of one fund stay ordered even when two start within the same millisecond.
  const startedAt = Math.max(now, (latest?.startedAt ?? 0) + 1);
  let firstScreenRead = () => {};
  const created: Entry = {
    fundId,
    startedAt,
    usedAt: now,
    rows: 0,
    ready: false,
    read: Promise.resolve(null!),
    reading: { investors: [], expected: null },
    firstScreen: new Promise((resolve) => (firstScreenRead = resolve)),
  };
  // Read record by record: only the masked records are kept, never the list's text or an unmasked copy.
  // The fund's own record is read with its list, so the list's reconciliation compares figures of the same moment.
  const fund = getFund(principal, fundId);
  fund.then((read) => (created.reading.expected = countOf(read.investor_count))).catch(() => undefined);
  // A list kept within the cache's age (another instance's, or the directory's) serves; a Refresh reads anew.
  const reuseMs = refresh ? 0 : serverEnv().INVESTOR_LIST_CACHE_SECONDS * 1_000;
  const list = readFundList(principal, fundId, records(created, firstScreenRead), { fund, reuseMs });
  const both = Promise.all([fund, list]);
  both.then(firstScreenRead, firstScreenRead);
  created.read = both.then(([fund, { value, digest }]) => {
    created.rows = value.investors.length;
    created.ready = true;
    // The organization takes this read of the fund too, so the fund page and the directory never disagree.
    acceptFundRead(
      fundId,
      value.investors.map((investor, at) => positionOf(fundId, investor, value.taxKeys[at]!)),
      digest,
    );
    created.reading = { investors: [], expected: null };
    const { investors, taxKeys } = value;
    const read: FundListRead = { fundId, fund, investors, taxKeys, digest, startedAt, keptAt: null };
    for (const listener of listeners.values()) listener(read);
    return read;
  });
  // A failed read is not kept: the next request tries again.
  created.read.catch(() => {
    const at = entries.indexOf(created);
    if (at !== -1) entries.splice(at, 1);
  });
  entries.push(created);
  return created;
}

/**
 * Held lists for funds from their newest kept reads (a process's start): served at once, "as of" their read, while
 * the first request of each fund reads it live. Newest funds first, up to the cache's size; a fund held already is left.
 */
export function seedKeptLists(lists: readonly KeptFundList[]): void {
  let rows = entries.reduce((sum, entry) => sum + entry.rows, 0);
  for (const kept of [...lists].sort((a, b) => b.seenAt - a.seenAt)) {
    if (!kept.fund || listsOf(kept.fundId).length > 0 || rows + kept.investors.length > maxRows) continue;
    rows += kept.investors.length;
    const { fundId, investors, taxKeys, digest, seenAt } = kept;
    const read: FundListRead = {
      fundId,
      fund: kept.fund,
      investors,
      taxKeys,
      digest,
      startedAt: seenAt,
      keptAt: seenAt,
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
      kept: true,
    });
  }
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
    if ((await entry.read).digest === version) return entry;
  }
  const latest = forFund[0];
  const reading = latest && !latest.ready ? latest : readList(fundId, principal, latest, now);
  if ((await reading.read).digest !== version) throw outdated();
  return reading;
}

async function pick(fundId: string, principal: Principal, refresh: boolean, now: number): Promise<Entry> {
  const forFund = listsOf(fundId);
  const latest = forFund[0];
  const ready = forFund.find((candidate) => candidate.ready);
  if (refresh) {
    // Someone pressing Refresh over and over, on any instance, gets the held list, with its age, between reads.
    if (!latest || latest.kept || (await mayRefresh(fundId, latest, now)))
      return readList(fundId, principal, listsOf(fundId)[0], now, true);
    return ready ?? latest;
  }
  if (latest && isFresh(latest, now)) return ready ?? latest;
  if (!ready) return latest ?? readList(fundId, principal, latest, now);
  // Past its age the held list still answers at once while the next one loads: under load nobody waits on it.
  if (latest === ready) readList(fundId, principal, latest, now).read.catch(() => undefined);
  return ready;
}

/**
 * The fund's list if one has arrived and is within its age, else null; never reads one. (An export of a list that
 * is not held reads it straight through rather than making the server hold it.)
 */
export async function heldFundList(_principal: Principal, fundId: string): Promise<FundListRead | null> {
  const now = Date.now();
  const entry = listsOf(fundId).find((candidate) => candidate.ready);
  if (!entry || !isFresh(entry, now)) return null;
  entry.usedAt = now;
  return entry.read;
}

/**
 * A fund's masked investor list, indexed for the table. One upstream read serves every person's views for
 * INVESTOR_LIST_CACHE_SECONDS (then the next is read while the held one still answers); concurrent first requests
 * share it; Refresh waits for a new one. Unmasked values are never held.
 */
export async function fundList(
  principal: Principal,
  fundId: string,
  options: IndexOptions = {},
): Promise<FundListRead> {
  const now = Date.now();
  const entry =
    options.version === undefined
      ? await pick(fundId, principal, options.refresh ?? false, now)
      : await listAtVersion(fundId, principal, options.version, now);
  entry.usedAt = now;
  evict(now);
  return entry.read;
}

/**
 * A view's first page's list: the held one when it has arrived, else, once the first screen of records is in, what
 * has been read so far (a cold fund's first rows need not wait for 50,000 records). Later pages name a version and
 * use fundList.
 */
export async function fundListOrEarly(
  principal: Principal,
  fundId: string,
): Promise<{ list: FundListRead } | { early: EarlyList }> {
  const now = Date.now();
  const entry = await pick(fundId, principal, false, now);
  entry.usedAt = now;
  evict(now);
  if (!entry.ready) await Promise.race([entry.read.catch(() => undefined), entry.firstScreen]);
  if (entry.ready) return { list: await entry.read };
  // The read failed before the first screen: its error is the answer.
  if (entry.reading.investors.length < firstScreenRows) return { list: await entry.read };
  return {
    early: { investors: entry.reading.investors, expected: entry.reading.expected, startedAt: entry.startedAt },
  };
}
