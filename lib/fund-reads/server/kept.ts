import "server-only";
import { createHash } from "node:crypto";
import { seedFundsList } from "../../data/catalog";
import { type Fund, fundAsRef } from "../../data/funds";
import type { Investor } from "../../data/investors";
import { fingerprintOf, refOf, storeKeyOf, upstreamRecord } from "../../data/sources";
import { statusOf } from "../../http/error-response";
import { foregroundQuiet } from "../../server/foreground.mjs";
import { logLine } from "../../server/log";
import { processWide } from "../../server/process-wide";
import {
  type KeptList,
  latestFundsList,
  keptListStart,
  latestKeptList,
  latestKeptCounts,
  latestKeptLists,
  latestKeptSummaries,
  recordFundsList,
  recordReadFailure,
} from "../../store/server";
import { summaryBatches } from "./kept-batches";
import { decodeSummary, encodeSummary } from "./position-summary";
import { type Position, positionOf, positionShape } from "./positions";
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

/** Keeps a whole list read (masked records, tax keys, the fund's record read with it); settles once written or not. */
export function keepFundList(read: {
  storeKey: string;
  fund: Fund | null;
  investors: readonly Investor[];
  taxKeys: readonly (string | null)[];
  digest: string;
  readAt: number;
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
    summary: encodeSummary(read.investors, read.taxKeys),
  });
}

function digestOf(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex");
}

/** Keeps a read of a source's funds list (masked, the upstream's ids), under the source's fingerprint. */
export function keepFundsList(source: string, funds: readonly Fund[], readAt: number): Promise<void> {
  return chained(`funds:${source}`, async () => {
    const records = funds.map(upstreamRecord);
    const listKey = await fingerprintOf(source);
    return recordFundsList({ listKey, readAt: new Date(readAt), digest: digestOf(records), funds: records });
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

/** A fund's newest kept list as the organization holds it: its positions, not its records. */
export interface KeptPositions {
  /** The fund's ref. */
  fundId: string;
  positions: Position[];
  digest: string;
  seenAt: number;
}

export interface KeptOrganization {
  /** The funds list kept under the source's current token, ids as refs. */
  funds: Fund[];
  seenAt: number;
  lists: KeptPositions[];
}

const positionsOf = (ref: string, investors: readonly { record: Record<string, unknown>; taxKey: string | null }[]) =>
  // The projected record has every field positionOf reads (the kept-reads suite holds them to one another).
  investors.map(({ record, taxKey }) => positionOf(ref, record as Investor, taxKey));

/**
 * Each fund's newest kept positions: from its read's summary, else from its rows (only the fields they take). Those
 * from summaries are given to `onLists` as each query's come, so they can be served before the rest.
 */
async function keptPositions(
  refs: ReadonlyMap<string, string>,
  onLists: (lists: KeptPositions[]) => void,
): Promise<KeptPositions[]> {
  const keys = [...refs.keys()];
  const batches = summaryBatches(keys, await latestKeptCounts(keys));
  const lists = [];
  for (const [at, batch] of batches.entries()) {
    // A person's request meanwhile (a fund page's kept first screen) asks the store before the next query does.
    if (at > 0) await foregroundQuiet();
    const some = (await latestKeptSummaries(batch)).map((read) => {
      const ref = refs.get(read.fundId)!;
      const positions = read.summary === null ? null : decodeSummary(ref, read.summary);
      return { fundId: ref, positions, digest: read.digest, seenAt: read.lastSeenAt.getTime(), key: read.fundId };
    });
    lists.push(...some);
    onLists(some.flatMap(({ key: _, positions, ...list }) => (positions ? [{ ...list, positions }] : [])));
  }
  // Without a summary (kept before them, or a person forgotten from the read) or of another format: the rows' fields.
  const other = lists.filter((list) => list.positions === null).map((list) => list.key);
  const rows = new Map(
    (other.length === 0 ? [] : await latestKeptLists(other, undefined, positionShape)).map((list) => [
      list.fundId,
      list,
    ]),
  );
  return lists.flatMap(({ key, positions, ...list }) => {
    if (positions) return [{ ...list, positions }];
    const read = rows.get(key);
    return read?.digest === list.digest ? [{ ...list, positions: positionsOf(list.fundId, read.investors) }] : [];
  });
}

/**
 * A source's newest funds list kept under its current token and its funds' newest kept positions, or null when
 * nothing is kept or the store is down. What that list names is what the token listed: only those funds are served.
 * Positions only, from each read's summary: at 100,000 positions the whole records took 10.4 s and most of the RSS;
 * a fund's records are read when its page is opened (fund-lists.ts). `onLists` is given each query's lists as they
 * come (the funds list with them).
 */
export async function keptOrganization(
  source: string,
  onLists: (some: KeptOrganization) => void = () => {},
): Promise<KeptOrganization | null> {
  try {
    const started = Date.now();
    const fingerprint = await fingerprintOf(source);
    const list = await latestFundsList(fingerprint);
    if (!list) return null;
    const records = (list.funds as Fund[]).filter((fund) => typeof fund?.id === "string");
    seedFundsList(source, records);
    const refs = new Map(records.map((fund) => [storeKeyOf(fingerprint, fund.id), refOf(source, fund.id)]));
    const funds = records.map((fund) => fundAsRef({ source }, fund));
    const seenAt = list.lastSeenAt.getTime();
    const lists = await keptPositions(refs, (some) => onLists({ funds, seenAt, lists: some }));
    const positions = lists.reduce((sum, read) => sum + read.positions.length, 0);
    logLine("kept_reads_loaded", { source, funds: lists.length, positions, ms: Date.now() - started });
    return { funds, seenAt, lists };
  } catch (error) {
    // What was served before the failure stays (the live reads begin after it, warm.ts); the store's status says why.
    logLine("kept_reads_failed", { source, error: error instanceof Error ? error.name : "unknown" });
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
