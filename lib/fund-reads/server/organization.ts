import "server-only";
import pLimit from "p-limit";
import { CustomerApiError } from "../../customer-api/errors";
import { type Fund, listFunds } from "../../data/funds";
import { systemPrincipal } from "../../data/principal";
import { fingerprintOf, refParts, sourceNames, storeKeyOf } from "../../data/sources";
import { statusOf } from "../../http/error-response";
import { serverEnv } from "../../server/env";
import { foregroundQuiet } from "../../server/foreground.mjs";
import { compactHeap } from "../../server/heap";
import { logLine } from "../../server/log";
import { processWide } from "../../server/process-wide";
import {
  maintainModel,
  noteKeptRead,
  noteRound,
  retireOtherSources,
  sourceRound,
  triedSince,
  tryWithJobLock,
} from "../../store/server";
import { keepFailure, keepFundsList, keptWritesLanded } from "./kept";
import { readFundList } from "./upstream-list";
import { roomToKeep } from "./write-queue";

// Every fund of each source read in rounds by that source's own system principal, a few at a time. Each read is kept,
// and with it the read model the organization-wide views query: nothing of the organization is held here. A round
// is due DIRECTORY_REFRESH_SECONDS after the last began, or on a person's Refresh (at most every
// INVESTOR_LIST_REFRESH_SECONDS); one that a stop interrupted is resumed where it stopped. One instance runs a
// source's round at a time (a job lock); the others see its progress in the store.

const rounds = () => processWide("organization-rounds", () => new Map<string, Promise<void>>());
// Each running round's funds list: settles once it is kept (or could not be read).
const lists = () => processWide("organization-lists", () => new Map<string, Promise<void>>());
// When each source's round was last found not due: asked again at most this often (every view asks).
const checked = () => processWide("organization-checked", () => new Map<string, number>());
const checkGapMs = () => Math.min(5_000, serverEnv().INVESTOR_LIST_REFRESH_SECONDS * 1_000);
// Set when the process stops: no round starts, and a running one starts no more reads (the next start resumes it).
const halt = () => processWide("organization-halt", () => ({ stopping: false }));

/** The process is stopping: what was read is kept (the stop drains it), nothing more is asked. */
export function haltBuilds(): void {
  halt().stopping = true;
}

// A list read only to be kept: the read model takes it from the write (kept.ts), nothing is held here.
const kept = () => ({ add: () => undefined, done: () => null });

async function readFund(source: string, fingerprint: string, fund: Fund, reuseMs: number): Promise<void> {
  const reader = systemPrincipal("directory", source);
  try {
    const read = await readFundList(reader, fund.id, kept, { fund: Promise.resolve(fund), reuseMs });
    // Another instance's read of it, kept lately: counted as this round's read.
    if (read.fromStore) {
      const fundKey = storeKeyOf(fingerprint, refParts(fund.id)!.fundId);
      await noteKeptRead({ fundKey, digest: read.digest, seenAt: new Date(read.readAt) }).catch(() => false);
    }
  } catch (error) {
    // The failure itself is kept by the read (upstream-list.ts), and the model names the fund.
    if (!(error instanceof CustomerApiError) && statusOf(error) === null)
      logLine("directory_fund_error", { fundId: fund.id });
  }
}

async function round(source: string, refresh: boolean): Promise<void> {
  const env = serverEnv();
  const fingerprint = await fingerprintOf(source);
  const last = await sourceRound(fingerprint);
  const now = Date.now();
  // A round a stop interrupted, begun within the refresh interval, goes on: what it read is not asked again.
  const resumed =
    !refresh &&
    last.startedAt !== null &&
    (last.endedAt === null || last.endedAt < last.startedAt) &&
    now - last.startedAt.getTime() < env.DIRECTORY_REFRESH_SECONDS * 1_000;
  const startedAt = resumed ? last.startedAt! : new Date(now);
  if (!resumed) await noteRound(fingerprint, { startedAt });
  let listFailure: { status: number; message: string } | null = null;
  let listed = () => {};
  lists().set(source, new Promise<void>((resolve) => (listed = resolve)));
  try {
    const listedAt = Date.now();
    const funds = await listFunds(systemPrincipal("directory", source));
    // Listed before any of their reads lands, so the views count each as it comes.
    await keepFundsList(source, funds, listedAt);
    listed();
    const done = resumed ? await triedSince(fingerprint, startedAt) : new Set<string>();
    const limit = pLimit(env.DIRECTORY_CONCURRENCY);
    // A scheduled round takes lists kept within the fund lists' age (a fund page's read); a Refresh reads every one.
    const reuseMs = refresh ? 0 : env.INVESTOR_LIST_CACHE_SECONDS * 1_000;
    await Promise.all(
      funds
        .filter((fund) => !done.has(refParts(fund.id)!.fundId))
        .map((fund) =>
          limit(async () => {
            // What is read faster than the store keeps it waits, so the reads waiting to be kept stay bounded; and
            // each read starts in a moment no person's request runs (or after a second), so people come first.
            await roomToKeep(env.KEPT_WRITES_MAX_ROWS);
            await foregroundQuiet();
            if (halt().stopping) return;
            await readFund(source, fingerprint, fund, reuseMs);
          }),
        ),
    );
  } catch (error) {
    keepFailure(source, "funds", null, error);
    listFailure = { status: statusOf(error) ?? 502, message: error instanceof Error ? error.message : String(error) };
    // Said at once: a view waiting for the list answers with its failure.
    await noteRound(fingerprint, { endedAt: new Date(), listFailure }).catch(() => undefined);
  } finally {
    listed();
    lists().delete(source);
  }
  // Halted midway: the round is left open, and the next start resumes it.
  if (halt().stopping) return;
  await noteRound(fingerprint, { endedAt: new Date(), listFailure });
  // Once its reads have landed: the model's statistics and space kept up (PGlite runs no autovacuum).
  await keptWritesLanded();
  await maintainModel();
  // The round's garbage (every list read, held until kept) collected at once, not whenever V8 gets to it.
  await compactHeap("organization");
  const { rss, heapUsed } = process.memoryUsage();
  logLine("organization_read", {
    source,
    ms: Date.now() - now,
    resumed,
    rssMb: Math.round(rss / 1_048_576),
    heapUsedMb: Math.round(heapUsed / 1_048_576),
  });
}

/** Whether the source's round is due: never run, past its interval, interrupted, or a Refresh past its throttle. */
async function due(source: string, refresh: boolean): Promise<boolean> {
  const env = serverEnv();
  const last = await sourceRound(await fingerprintOf(source));
  if (last.startedAt === null) return true;
  const age = Date.now() - last.startedAt.getTime();
  const open = last.endedAt === null || last.endedAt < last.startedAt;
  // A source none of whose funds the model lists (its list failed, or its funds were retired) is asked again soon.
  const unlisted = last.listFailure !== null || last.listed === 0;
  return (
    age >= env.DIRECTORY_REFRESH_SECONDS * 1_000 ||
    open ||
    ((refresh || unlisted) && age >= env.INVESTOR_LIST_REFRESH_SECONDS * 1_000)
  );
}

/**
 * Begins the source's round when it is due and none runs, here or on another instance (the job lock); settles when
 * the round this process runs for it (if any) is over. A store that cannot be reached starts nothing.
 */
export function ensureRound(source: string, options: { refresh?: boolean } = {}): Promise<void> {
  const running = rounds().get(source);
  if (running) return running;
  if (halt().stopping) return Promise.resolve();
  const refresh = options.refresh ?? false;
  if (!refresh && Date.now() - (checked().get(source) ?? 0) < checkGapMs()) return Promise.resolve();
  const started = (async () => {
    if (!(await due(source, refresh))) {
      checked().set(source, Date.now());
      return;
    }
    const fingerprint = await fingerprintOf(source);
    await tryWithJobLock(`organization:${fingerprint}`, () => round(source, refresh));
  })()
    .catch((error: unknown) => logLine("organization_round_failed", { source, reason: (error as Error).message }))
    .finally(() => rounds().delete(source));
  rounds().set(source, started);
  return started;
}

/** Whether this process is beginning or running the source's round (the store says so once it has begun). */
export function roundUnderWay(source: string): boolean {
  return rounds().has(source);
}

/** Settles once the source's running round has its funds list (kept, or failed); at once when none runs here. */
export function roundListed(source: string): Promise<void> {
  return lists().get(source) ?? Promise.resolve();
}

/** Every source's round, when due (a start; a person's Refresh of an organization-wide view). */
export function ensureRounds(options: { refresh?: boolean; sources?: readonly string[] } = {}): Promise<void> {
  return Promise.all((options.sources ?? sourceNames()).map((source) => ensureRound(source, options))).then(() => {});
}

/** Checks every source's round now and then (each is due after its interval), for as long as the process runs. */
export function scheduleRounds(): void {
  processWide("organization-schedule", () => {
    void ensureRounds();
    const everyMs = Math.min(60, serverEnv().DIRECTORY_REFRESH_SECONDS) * 1_000;
    setInterval(() => void ensureRounds(), everyMs).unref();
    return true;
  });
}

/** At a start: funds kept under another token or address (a source reconfigured) leave the views. */
export async function retireUnconfigured(): Promise<number> {
  return retireOtherSources(await Promise.all(sourceNames().map(fingerprintOf)));
}
