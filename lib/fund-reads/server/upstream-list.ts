import "server-only";
import type { Fund } from "../../data/funds";
import { collectInvestors, type Investor, type ListCollector } from "../../data/investors";
import type { Principal } from "../../data/principal";
import { serverEnv } from "../../server/env";
import { keptSeenAt, storeStatus, withFundReadLock } from "../../store/server";
import { keepFailure, keepFundList, keptFundList } from "./kept";
import { taxKeyOf } from "./match-key";

// The one place a fund's investor list is asked of the upstream. Every read is kept in the store; with a shared
// PostgreSQL, one instance at a time reads a fund (a per-fund advisory lock) and the others take what it kept.

/** A collector of masked records, each with the keyed tax hash worked out before it was masked. */
export type RecordCollector<R> = () => ListCollector<Investor, R, string | null>;

export interface ListRead<R> {
  value: R;
  digest: string;
  /** When the read began (ms); for a list another instance read, when that read was last seen. */
  readAt: number;
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
  fundId: string,
  collect: RecordCollector<R>,
  fund: Promise<Fund | null>,
): Promise<ListRead<R> & { kept: Promise<void> }> {
  const readAt = Date.now();
  try {
    const { value, digest } = await collectInvestors(principal, fundId, tee(collect), { derive: taxKeyOf });
    const record = await fund.catch(() => null);
    const kept = keepFundList({
      fundId,
      fund: record,
      investors: value.investors,
      taxKeys: value.taxKeys,
      digest,
      readAt,
    });
    return { value: value.collector.done(), digest, readAt, kept };
  } catch (error) {
    keepFailure("investors", fundId, error);
    throw error;
  }
}

/** Another instance's read of the list, kept since `since`, handed to the caller's collector; null if none. */
async function takeKept<R>(fundId: string, collect: RecordCollector<R>, since: number): Promise<ListRead<R> | null> {
  const kept = await keptFundList(fundId);
  if (!kept || kept.seenAt < since) return null;
  const collector = collect();
  kept.investors.forEach((investor, at) => collector.add(investor, kept.taxKeys[at] ?? null));
  return { value: collector.done(), digest: kept.digest, readAt: kept.seenAt };
}

/**
 * A fund's whole investor list, masked, handed record by record to `collect`. With a shared store (DATABASE_URL),
 * the read runs under the fund's lock: an instance that waited for another's read takes the list it kept instead.
 */
export async function readFundList<R>(
  principal: Principal,
  fundId: string,
  collect: RecordCollector<R>,
  fund: Promise<Fund | null> = Promise.resolve(null),
): Promise<ListRead<R>> {
  if (storeStatus().driver !== "postgres") {
    const { kept, ...read } = await readLive(principal, fundId, collect, fund);
    void kept;
    return read;
  }
  const askedAt = Date.now();
  const locked = await withFundReadLock(fundId, serverEnv().CUSTOMER_API_TIMEOUT_MS, async () => {
    // Someone else read it while this instance waited for the lock: what they kept is the answer.
    const seenAt = await keptSeenAt(fundId).catch(() => null);
    if (seenAt !== null && seenAt >= askedAt) {
      const taken = await takeKept(fundId, collect, askedAt);
      if (taken) return taken;
    }
    const { kept, ...read } = await readLive(principal, fundId, collect, fund);
    // The lock is held until the list is kept, so the next instance finds it.
    await kept;
    return read;
  }).catch(() => ({ ran: false as const }));
  if (locked.ran) return locked.value;
  // The lock could not be had in time (or the store is down): read it here, as without a store.
  const { kept, ...read } = await readLive(principal, fundId, collect, fund);
  void kept;
  return read;
}
