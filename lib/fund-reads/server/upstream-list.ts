import "server-only";
import { type FundAccess, fundAccess } from "../../data/fund-access";
import type { Fund } from "../../data/funds";
import { collectInvestors, type Investor, type ListCollector } from "../../data/investors";
import type { Principal } from "../../data/principal";
import { serverEnv } from "../../server/env";
import { keptSeenAt, storeStatus, withFundReadLock } from "../../store/server";
import { keepFailure, keepFundList, keptFundList } from "./kept";
import { taxKeyOf } from "./match-key";

// The one place a fund's investor list is asked of the upstream. Every read is kept in the store; with a shared
// PostgreSQL, one instance at a time reads a fund (a per-fund advisory lock) and the others take what it kept.

// What writing a 50,000-position list to the store may take on a busy machine, past the upstream's deadline.
const keepAllowanceMs = 15_000;

/** A collector of masked records, each with the keyed tax hash worked out before it was masked. */
export type RecordCollector<R> = () => ListCollector<Investor, R, string | null>;

export interface ListRead<R> {
  value: R;
  digest: string;
  /** When the read began (ms); for a list another instance read, when that read was last seen. */
  readAt: number;
  /** Taken from what another instance kept lately, not read here. */
  fromStore?: true;
}

interface Tee<R> {
  collector: ListCollector<Investor, R, string | null>;
  investors: Investor[];
  taxKeys: (string | null)[];
}

/** The caller's collector, with the records and tax keys also held for the store. */
function tee<R>(collect: RecordCollector<R>): () => ListCollector<Investor, Tee<R>, string | null> {
  return () => {
    const inner = collect();
    const held: Tee<R> = { collector: inner, investors: [], taxKeys: [] };
    return {
      add: (investor, taxKey) => {
        held.investors.push(investor);
        held.taxKeys.push(taxKey);
        inner.add(investor, taxKey);
      },
      done: () => held,
    };
  };
}

async function readLive<R>(
  principal: Principal,
  access: FundAccess,
  collect: RecordCollector<R>,
  fund: Promise<Fund | null>,
): Promise<ListRead<R> & { kept: Promise<void> }> {
  const readAt = Date.now();
  const { storeKey } = access;
  try {
    const { value, digest } = await collectInvestors(principal, access.ref, tee(collect), { derive: taxKeyOf });
    const record = await fund.catch(() => null);
    // Kept as of the read's end: an instance that began waiting during the read takes it.
    const { investors, taxKeys } = value;
    const kept = keepFundList({
      storeKey,
      ref: access.ref,
      fund: record,
      investors,
      taxKeys,
      digest,
      readAt: Date.now(),
    });
    return { value: value.collector.done(), digest, readAt, kept };
  } catch (error) {
    keepFailure(access.source, "investors", storeKey, error);
    throw error;
  }
}

/** A read of the list kept since `since` (another instance's, or the directory's), handed to `collect`; null if none. */
async function takeKept<R>(
  access: FundAccess,
  collect: RecordCollector<R>,
  since: number,
): Promise<ListRead<R> | null> {
  const kept = await keptFundList(access);
  if (!kept || kept.seenAt < since) return null;
  const collector = collect();
  kept.investors.forEach((investor, at) => collector.add(investor, kept.taxKeys[at] ?? null));
  return { value: collector.done(), digest: kept.digest, readAt: kept.seenAt, fromStore: true };
}

export interface ReadListOptions {
  /** The fund's own record, read with the list (kept beside it). */
  fund?: Promise<Fund | null>;
  /** A list kept within this many ms (by any instance, for any view) is taken instead of asking the upstream. */
  reuseMs?: number;
}

/** What was kept recently enough to be the answer, if anything. */
async function recent<R>(access: FundAccess, collect: RecordCollector<R>, since: number): Promise<ListRead<R> | null> {
  const seenAt = await keptSeenAt(access.storeKey).catch(() => null);
  return seenAt !== null && seenAt >= since ? takeKept(access, collect, since).catch(() => null) : null;
}

/**
 * A fund's whole investor list, masked, handed record by record to `collect`. With a shared store (DATABASE_URL):
 * a read any instance kept within `reuseMs` serves, else the read runs under the fund's lock, and an instance that
 * waited for another's read takes the list it kept instead: the upstream is asked once for all instances.
 */
export async function readFundList<R>(
  principal: Principal,
  ref: string,
  collect: RecordCollector<R>,
  options: ReadListOptions = {},
): Promise<ListRead<R>> {
  // Decided before anything is read, kept or live: out of scope or unlisted, the upstream's 404.
  const access = await fundAccess(principal, ref, "fund.read");
  const fund = options.fund ?? Promise.resolve(null);
  const askedAt = Date.now();
  const since = askedAt - (options.reuseMs ?? 0);
  // One instance (the embedded store): its own reads are held in memory already, and a read kept by itself earlier
  // is no faster to take from the store than the upstream's first screen is to arrive.
  if (storeStatus().driver !== "postgres") return readUnlocked(principal, access, collect, fund);
  // The caller has the list as soon as it is read; the lock is held until it is kept, so the next instance finds it.
  let deliver: (read: ListRead<R>) => void = () => {};
  const delivered = new Promise<ListRead<R>>((resolve) => (deliver = resolve));
  // Another instance's read is waited for as long as a read may take (its deadline), and its write to the store.
  const waitMs = serverEnv().CUSTOMER_API_DEADLINE_MS + keepAllowanceMs;
  const locked = withFundReadLock(access.storeKey, waitMs, async () => {
    // Someone else read it while this instance waited for the lock (or recently enough): what they kept is the answer.
    const taken = await recent(access, collect, since);
    if (taken) return taken;
    const { kept, ...read } = await readLive(principal, access, collect, fund);
    deliver(read);
    await kept;
    return read;
  });
  const settled = locked.then(
    async (outcome) => (outcome.ran ? outcome.value : readUnlocked(principal, access, collect, fund)),
    // The store failed around the read: read here, as without a store (a failed upstream read is its own answer).
    async (error) => {
      if (!(error instanceof Error) || !error.message.startsWith("History unavailable")) throw error;
      return readUnlocked(principal, access, collect, fund);
    },
  );
  return Promise.race([delivered, settled]);
}

/** A read with no lock: no shared store, or the lock could not be had in time. */
async function readUnlocked<R>(
  principal: Principal,
  access: FundAccess,
  collect: RecordCollector<R>,
  fund: Promise<Fund | null>,
): Promise<ListRead<R>> {
  const { kept, ...read } = await readLive(principal, access, collect, fund);
  void kept;
  return read;
}
