import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { type FundAccess, fundAccess, onFundGone } from "../../data/fund-access";
import { getFund } from "../../data/funds";
import type { Investor, ListCollector } from "../../data/investors";
import type { Principal } from "../../data/principal";
import { Conflict } from "../../http/errors";
import { serverEnv } from "../../server/env";
import { processWide } from "../../server/process-wide";
import { keptFundList, keptFundListStart } from "./kept";
import { mayRefresh } from "./refresh-throttle";
import { readFundList } from "./upstream-list";
import { type Entry, entries, evict, type FundListRead, isFresh, listsOf, seedKeptLists } from "./held-lists";

export type { FundListRead };

/** What a view's first page can be cut from before the whole list has arrived. */
export interface EarlyList {
  investors: readonly Investor[];
  /** The fund's own investor_count, when known: how many the read should bring. */
  expected: number | null;
  startedAt: number;
  /** When the records come from a kept read older than the cache's age: that read's time (ms). */
  keptAt?: number | null;
}

// Records read before the first screen is served from a list still arriving (the table's first page).
const firstScreenRows = 100;

// What is told of each whole list as it arrives (the investor table readies its index), by name, across bundles.
const listeners = processWide<Map<string, (read: FundListRead) => void>>("fund-list-listeners", () => new Map());

/** Calls `listener` with each whole list as it arrives; a later call with the same name replaces it. */
export function onFundListRead(name: string, listener: (read: FundListRead) => void): void {
  listeners.set(name, listener);
}

/** Holds the kept lists (a process's start) and tells the listeners of each, as of a list just read. */
export function holdKeptLists(lists: Parameters<typeof seedKeptLists>[0], opened = false): void {
  for (const read of seedKeptLists(lists, opened)) for (const listener of listeners.values()) listener(read);
}

// A fund a live read found gone: its held lists go at once (the read model unlists it with the kept 404).
onFundGone("held-lists", (ref) => {
  for (const entry of listsOf(ref)) entries.splice(entries.indexOf(entry), 1);
});

const outdated = () => new Conflict("The investor list was refreshed since this table loaded. Reload the table.");

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

interface IndexOptions {
  /** The list a later page must come from (its content digest); a view's first page leaves it out. */
  version?: string;
  /** Read the list again even if a recent one is held (the Refresh button). */
  refresh?: boolean;
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

// One store read per fund at a time: the fund's kept list, held when nothing of the fund is (a start still loading
// every kept read, or a list let go by the memory bound), so its page waits for its own part, not the upstream's.
const keptLoads = processWide("kept-list-loads", () => new Map<string, Promise<void>>());
// Its first screen, asked before the whole list whoever asks first: the store answers in turn, and capital
// outstanding asking for the whole list first kept the table's first rows behind it (2.2 s at 50,000 investors).
const keptStarts = processWide("kept-list-starts", () => new Map<string, ReturnType<typeof keptFundListStart>>());

function keptStart(access: FundAccess): ReturnType<typeof keptFundListStart> {
  let start = keptStarts.get(access.ref);
  if (!start) keptStarts.set(access.ref, (start = keptFundListStart(access, firstScreenRows)));
  return start;
}

async function holdKept(access: FundAccess): Promise<void> {
  let loading = keptLoads.get(access.ref);
  if (!loading) {
    void keptStart(access);
    loading = keptFundList(access)
      .then((kept) => {
        if (kept && listsOf(access.ref).length === 0) holdKeptLists([kept], true);
      })
      .finally(() => {
        keptLoads.delete(access.ref);
        keptStarts.delete(access.ref);
      });
    keptLoads.set(access.ref, loading);
  }
  await loading;
}

// How long a kept list's first screen waits for the whole list before it is answered alone (the table asks again
// 300 ms on): a short list loads within it, so mostly a long one's first page comes in two steps.
const keptWholeWaitMs = 150;

/**
 * A fund with nothing held: while its whole kept list loads, its first screen from one small query asked first (at
 * 50,000 investors the whole list took 3.6 s to load, a live read's first screen 0.6 s). Null when the whole list is
 * held soon enough, or none was kept.
 */
async function keptEarly(access: FundAccess): Promise<EarlyList | null> {
  const start = keptStart(access);
  const whole = holdKept(access).then(() => null);
  const first = await Promise.race([start, whole]);
  if (!first || first.list.investors.length < firstScreenRows) return null;
  await Promise.race([whole, sleep(keptWholeWaitMs, null, { ref: false })]);
  if (listsOf(access.ref).length > 0) return null;
  const { investors, seenAt } = first.list;
  const fresh = Date.now() - seenAt < serverEnv().INVESTOR_LIST_CACHE_SECONDS * 1_000;
  return { investors, expected: first.expected, startedAt: seenAt, keptAt: fresh ? null : seenAt };
}

async function pick(access: FundAccess, principal: Principal, refresh: boolean, now: number): Promise<Entry> {
  const fundId = access.ref;
  if (!refresh && listsOf(fundId).length === 0) await holdKept(access);
  const forFund = listsOf(fundId);
  const latest = forFund[0];
  const ready = forFund.find((candidate) => candidate.ready);
  if (refresh) {
    // Someone pressing Refresh over and over, on any instance, gets the held list, with its age, between reads.
    if (!latest || latest.kept || (await mayRefresh(access.storeKey, latest, now)))
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
export async function heldFundList(principal: Principal, ref: string): Promise<FundListRead | null> {
  const fundId = (await fundAccess(principal, ref, "fund.read")).ref;
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
export async function fundList(principal: Principal, ref: string, options: IndexOptions = {}): Promise<FundListRead> {
  // Decided before a held list (live or kept) is handed out: out of scope or unlisted, the upstream's 404.
  const access = await fundAccess(principal, ref, "fund.read");
  const now = Date.now();
  const entry =
    options.version === undefined
      ? await pick(access, principal, options.refresh ?? false, now)
      : await listAtVersion(access.ref, principal, options.version, now);
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
  ref: string,
): Promise<{ list: FundListRead } | { early: EarlyList }> {
  const access = await fundAccess(principal, ref, "fund.read");
  const early = listsOf(access.ref).length === 0 ? await keptEarly(access) : null;
  if (early) return { early };
  const now = Date.now();
  const entry = await pick(access, principal, false, now);
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
