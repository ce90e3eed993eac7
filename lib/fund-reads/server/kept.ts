import "server-only";
import { createHash } from "node:crypto";
import type { Fund } from "../../data/funds";
import type { Investor } from "../../data/investors";
import { statusOf } from "../../http/error-response";
import { logLine } from "../../server/log";
import { processWide } from "../../server/process-wide";
import {
  type KeptList,
  latestFundsList,
  latestKeptList,
  latestKeptLists,
  recordFund,
  recordFundsList,
  recordInvestorList,
  recordReadFailure,
} from "../../store/server";

// What fund-reads keeps of each read in the store, and takes back from it. The store is a memory, never a
// dependency: a write that fails is logged (by the store, once per change of state) and never fails a page.

/** A list read back from the store, in the shapes the live read gives. */
export interface KeptFundList {
  fundId: string;
  fund: Fund | null;
  investors: Investor[];
  taxKeys: (string | null)[];
  digest: string;
  /** When this content was last seen by a read (ms): the freshness stamp of what it serves. */
  seenAt: number;
}

// Writes of one fund's list are chained, so two reads of a fund land in the order they were made.
const chains = processWide("kept-write-chains", () => new Map<string, Promise<unknown>>());

function chained(key: string, write: () => Promise<unknown>): Promise<void> {
  const next = (chains.get(key) ?? Promise.resolve()).then(write, write).catch(() => undefined);
  chains.set(key, next);
  void next.then(() => chains.get(key) === next && chains.delete(key));
  return next.then(() => undefined);
}

/** Keeps a whole list read (masked records, tax keys, the fund's record read with it); settles once written or not. */
export function keepFundList(read: {
  fundId: string;
  fund: Fund | null;
  investors: readonly Investor[];
  taxKeys: readonly (string | null)[];
  digest: string;
  readAt: number;
}): Promise<void> {
  // The fund's record read with the list is kept too: a kept list is served with the figures of its moment.
  if (read.fund) void keepFund(read.fund, read.readAt);
  return chained(`list:${read.fundId}`, () =>
    recordInvestorList({
      fundId: read.fundId,
      readAt: new Date(read.readAt),
      digest: read.digest,
      fund: (read.fund as Record<string, unknown> | null) ?? null,
      investors: read.investors.map((record, at) => ({
        record: record as Record<string, unknown>,
        taxKey: read.taxKeys[at] ?? null,
      })),
    }),
  );
}

function digestOf(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex");
}

/** Keeps a read of the funds list (masked). */
export function keepFundsList(funds: readonly Fund[], readAt: number): Promise<void> {
  return chained("funds", () =>
    recordFundsList({ readAt: new Date(readAt), digest: digestOf(funds), funds: [...funds] }),
  );
}

/** Keeps a read of one fund's own record (masked). */
export function keepFund(fund: Fund, readAt: number): Promise<void> {
  return chained(`fund:${fund.id}`, () =>
    recordFund({
      fundId: fund.id,
      readAt: new Date(readAt),
      digest: digestOf(fund),
      fund: fund as Record<string, unknown>,
    }),
  );
}

/** Notes a read that failed: a gap in the kept reads, which "what changed" must not paper over. */
export function keepFailure(kind: "funds" | "fund" | "investors", fundId: string | null, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  void recordReadFailure({ kind, fundId, at: new Date(), status: statusOf(error) ?? 502, message }).catch(
    () => undefined,
  );
}

function fromKept(kept: KeptList): KeptFundList {
  return {
    fundId: kept.fundId,
    fund: kept.fund as Fund | null,
    investors: kept.investors.map((investor) => investor.record as Investor),
    taxKeys: kept.investors.map((investor) => investor.taxKey),
    digest: kept.digest,
    seenAt: kept.lastSeenAt.getTime(),
  };
}

/** The newest kept list of a fund, or null (none kept, or the store unavailable). */
export async function keptFundList(fundId: string): Promise<KeptFundList | null> {
  try {
    const kept = await latestKeptList(fundId);
    return kept && fromKept(kept);
  } catch {
    return null;
  }
}

export interface KeptOrganization {
  funds: Fund[];
  seenAt: number;
  lists: KeptFundList[];
}

/** The newest kept funds list and every fund's newest kept list, or null when nothing is kept or the store is down. */
export async function keptOrganization(): Promise<KeptOrganization | null> {
  try {
    const started = Date.now();
    const list = await latestFundsList();
    if (!list) return null;
    const lists = (await latestKeptLists()).map(fromKept);
    const positions = lists.reduce((sum, kept) => sum + kept.investors.length, 0);
    logLine("kept_reads_loaded", { funds: lists.length, positions, ms: Date.now() - started });
    return { funds: list.funds as Fund[], seenAt: list.lastSeenAt.getTime(), lists };
  } catch {
    return null;
  }
}

/** Settles once the writes begun so far have landed or failed (not those begun meanwhile). */
export async function keptWritesLanded(): Promise<void> {
  await Promise.all([...chains.values()]);
}

/** Settles once every write has landed or failed, those begun meanwhile too (a command waits for it before it exits). */
export async function keptWritesSettled(): Promise<void> {
  while (chains.size > 0) await keptWritesLanded();
}
