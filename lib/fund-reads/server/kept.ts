import "server-only";
import { createHash } from "node:crypto";
import { type Fund, fundAsRef } from "../../data/funds";
import type { Investor } from "../../data/investors";
import { fingerprintOf, upstreamRecord } from "../../data/sources";
import { statusOf } from "../../http/error-response";
import { processWide } from "../../server/process-wide";
import { type KeptList, keptListStart, latestKeptList, recordFundsList, recordReadFailure } from "../../store/server";
import { modelFundOf, modelPositionOf } from "./model-rows";
import { enqueueRead, queuedWrites } from "./write-queue";

// What fund-reads keeps of each read in the store, and takes back from it, under each fund's store key (its source's
// fingerprint and id): what another token or address read is never served. The store is a memory, never a
// dependency: a write that fails is logged (by the store, once per change of state) and never fails a page.

/** A list read back from the store, in the shapes the live read gives. */
export interface KeptFundList {
  /** The fund's ref. */
  fundId: string;
  fund: Fund | null;
  investors: Investor[];
  taxKeys: (string | null)[];
  digest: string;
  /** When this content was last seen by a read (ms): the freshness stamp of what it serves. */
  seenAt: number;
}

// Funds lists and failed reads, rarer, are chained by key (two land in the order they were made); a fund's reads go
// through the write queue, a batch at a time.
const chains = processWide("kept-write-chains", () => new Map<string, Promise<unknown>>());

function chained(key: string, write: () => Promise<unknown>): Promise<void> {
  const next = (chains.get(key) ?? Promise.resolve()).then(write, write).catch(() => undefined);
  chains.set(key, next);
  void next.then(() => chains.get(key) === next && chains.delete(key));
  return next.then(() => undefined);
}

/**
 * Keeps a whole list read (masked records, tax keys, the fund's record read with it), and makes it the fund's current
 * positions in the read model, in one transaction; settles once written or not.
 */
export function keepFundList(read: {
  storeKey: string;
  /** The fund's ref: a position without a tax id or an email is an investor of its own, named by it. */
  ref: string;
  fund: Fund | null;
  investors: readonly Investor[];
  taxKeys: readonly (string | null)[];
  digest: string;
  readAt: number;
  /** False: kept without becoming the read model's current positions (a past read; a newer one follows). */
  model?: boolean;
}): Promise<void> {
  // The fund's record read with the list is kept too: a kept list is served with the figures of its moment.
  if (read.fund) void keepFund(read.storeKey, read.fund, read.readAt);
  return enqueueRead({
    kind: "investors",
    fundId: read.storeKey,
    readAt: new Date(read.readAt),
    digest: read.digest,
    fund: read.fund ? (upstreamRecord(read.fund) as Record<string, unknown>) : null,
    investors: read.investors.map((record, at) => ({
      record: record as Record<string, unknown>,
      taxKey: read.taxKeys[at] ?? null,
    })),
    model:
      read.model === false
        ? undefined
        : read.investors.map((investor, at) => modelPositionOf(read.ref, investor, read.taxKeys[at] ?? null)),
  });
}

function digestOf(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex");
}

/** Keeps a read of a source's funds list (masked, the upstream's ids), under the source's fingerprint: the model's funds. */
export function keepFundsList(
  source: string,
  funds: readonly Fund[],
  readAt: number,
  options: { model?: boolean } = {},
): Promise<void> {
  return chained(`funds:${source}`, async () => {
    const records = funds.map(upstreamRecord);
    const listKey = await fingerprintOf(source);
    // A past read (the demo's) leaves the read model's funds to the live read that follows.
    const model = options.model === false ? undefined : records.map(modelFundOf);
    return recordFundsList({ listKey, readAt: new Date(readAt), digest: digestOf(records), funds: records, model });
  });
}

/** Keeps a read of one fund's own record (masked). */
export function keepFund(storeKey: string, fund: Fund, readAt: number): Promise<void> {
  const record = upstreamRecord(fund) as Record<string, unknown>;
  return enqueueRead({
    kind: "fund",
    fundId: storeKey,
    readAt: new Date(readAt),
    digest: digestOf(record),
    fund: record,
  });
}

/** Notes a read that failed (a 404 among them: the fund is gone, and nothing kept of it is served from then on). */
export function keepFailure(
  source: string,
  kind: "funds" | "fund" | "investors",
  storeKey: string | null,
  error: unknown,
): void {
  const message = error instanceof Error ? error.message : String(error);
  const at = new Date();
  const status = statusOf(error) ?? 502;
  // Chained like the reads: a stop waits for it too (a 404 kept is what keeps a gone fund unserved after a restart).
  void chained(`failure:${storeKey ?? source}`, async () => {
    const fundId = storeKey ?? (await fingerprintOf(source));
    await recordReadFailure({ kind, fundId, at, status, message });
  });
}

function fromKept(ref: string, source: string, kept: KeptList): KeptFundList {
  return {
    fundId: ref,
    fund: kept.fund && fundAsRef({ source }, kept.fund as Fund),
    investors: kept.investors.map((investor) => investor.record as Investor),
    taxKeys: kept.investors.map((investor) => investor.taxKey),
    digest: kept.digest,
    seenAt: kept.lastSeenAt.getTime(),
  };
}

/** The newest kept list of a fund, or null (none kept, or the store unavailable). */
export async function keptFundList(fund: {
  ref: string;
  source: string;
  storeKey: string;
}): Promise<KeptFundList | null> {
  try {
    const kept = await latestKeptList(fund.storeKey);
    return kept && fromKept(fund.ref, fund.source, kept);
  } catch {
    return null;
  }
}

/** The first `rows` records of a fund's newest kept list and the fund's count read with it, or null. */
export async function keptFundListStart(
  fund: { ref: string; source: string; storeKey: string },
  rows: number,
): Promise<{ list: KeptFundList; expected: number | null } | null> {
  try {
    const kept = await keptListStart(fund.storeKey, rows);
    return kept && { list: fromKept(fund.ref, fund.source, kept), expected: kept.figures.investorCount };
  } catch {
    return null;
  }
}

/** Settles once the writes begun so far have landed or failed (not those begun meanwhile). */
export async function keptWritesLanded(): Promise<void> {
  await Promise.all([...chains.values(), ...queuedWrites()]);
}

/** Settles once every write has landed or failed, those begun meanwhile too (a command waits for it before it exits). */
export async function keptWritesSettled(): Promise<void> {
  while (chains.size > 0 || queuedWrites().length > 0) await keptWritesLanded();
}
