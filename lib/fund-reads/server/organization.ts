import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import pLimit from "p-limit";
import { CustomerApiError } from "../../customer-api/errors";
import { type Fund, listFunds } from "../../data/funds";
import { systemPrincipal } from "../../data/principal";
import { refParts } from "../../data/sources";
import { statusOf } from "../../http/error-response";
import { serverEnv } from "../../server/env";
import { foregroundQuiet } from "../../server/foreground.mjs";
import { compactHeap } from "../../server/heap";
import { logLine } from "../../server/log";
import { processWide } from "../../server/process-wide";
import { failureOf, type FundState, fundStateOf } from "./fund-state";
import { keepFailure, keepFundsList } from "./kept";
import { holdFundsWithinBound } from "./position-bound";
import { type Position, positionsCollector } from "./positions";
import { readFundList } from "./upstream-list";
import { roomToKeep } from "./write-queue";

// Every fund of each source and its positions, read by that source's own system principal a few at a time. What a
// person sees of them is scoped-organization.ts.

export interface SourceState {
  source: string;
  /** By fund ref, in the fund list's order. */
  funds: Map<string, FundState>;
  /** While a start loads the kept reads: a build then would read every fund the store is about to give. */
  keptLoading: Promise<void> | null;
  /** Settles once the start has served its first kept reads (or given up loading them). */
  keptFirst: Promise<void>;
  /** Why the fund list itself could not be read, when it could not. */
  listFailure: Error | null;
  round: number;
  startedAt: number;
  building: Promise<void> | null;
  /** Settles once the build in progress has read the fund list (or failed to). */
  listed: Promise<void>;
  changes: number;
}

const states = () => processWide("organization-sources", () => new Map<string, SourceState>());

/** The state of one source, made on first use. */
export function sourceState(source: string): SourceState {
  let state = states().get(source);
  if (!state) {
    state = {
      source,
      funds: new Map(),
      keptLoading: null,
      keptFirst: Promise.resolve(),
      listFailure: null,
      round: 0,
      startedAt: 0,
      building: null,
      listed: Promise.resolve(),
      changes: 0,
    };
    states().set(source, state);
  }
  return state;
}

// What is told when a source's build has tried every fund (the directory readies its index then), by name.
type SettledListener = (source: string) => void | Promise<unknown>;
const settledListeners = () => processWide("organization-settled", () => new Map<string, SettledListener>());

/**
 * Calls `listener` each time a source's build has tried every fund, or a start served it whole from its kept reads; a
 * later call by the name replaces it. What it returns is waited for before the heap is compacted.
 */
export function onOrganizationSettled(name: string, listener: SettledListener): void {
  settledListeners().set(name, listener);
}

/** Tells the listeners a source's funds have all been tried (a build's end, or a start served whole from the store). */
export function settled(source: string) {
  const told = [...settledListeners().values()].map((listener) => listener(source));
  // The read's garbage, and what the listeners made of it (the directory's indexes), collected once they are done.
  void Promise.allSettled(told).then(() => compactHeap("organization"));
}

function setFund(state: SourceState, fund: FundState, patch: Partial<FundState>) {
  const current = state.funds.get(fund.id) ?? fund;
  // The same list read again (same content digest): its positions are kept, and the investors do not change.
  const same = patch.positions && patch.digest && current.status === "read" && current.digest === patch.digest;
  state.funds.set(fund.id, { ...current, ...patch, ...(same ? { positions: current.positions } : {}) });
  state.changes += 1;
  if (patch.positions) holdWithinBound();
}

/** Every source's funds held within DIRECTORY_MAX_POSITIONS (position-bound.ts). */
export const holdWithinBound = () => holdFundsWithinBound([...states().values()], serverEnv().DIRECTORY_MAX_POSITIONS);

async function readFund(state: SourceState, fund: FundState, record: Fund, round: number, reuseMs: number) {
  try {
    const reader = systemPrincipal("directory", state.source);
    const read = await readFundList(reader, fund.id, () => positionsCollector(fund.id), {
      fund: Promise.resolve(record),
      reuseMs,
    });
    const patch = { status: "read" as const, positions: read.value, digest: read.digest, failure: null };
    setFund(state, fund, { ...patch, readAt: read.readAt, keptAt: null, round });
  } catch (error) {
    if (!(error instanceof CustomerApiError) && statusOf(error) === null)
      logLine("directory_fund_error", { fundId: fund.id });
    // A fund gone since the list was read is dropped at once; one that cannot be read is kept with its failure.
    if (error instanceof CustomerApiError && error.kind === "fund_not_found") return dropFund(fund.id);
    const failure = failureOf(fund, error);
    setFund(state, fund, { status: "failed", positions: [], digest: null, failure, keptAt: null, round });
  }
}

// Set when the process stops: no build starts, and a running one starts no more fund reads (the next start reads them).
const halt = () => processWide("organization-halt", () => ({ stopping: false }));

/** The process is stopping: what was read is kept (lib/server/start.ts drains it), nothing more is asked. */
export function haltBuilds(): void {
  halt().stopping = true;
}

/**
 * A fund this process has not read in any build yet whose read is younger than the refresh interval: served at its
 * start from a recent kept read, or read since by its page. A build after a restart leaves it as it is (unless a
 * Refresh), so a restart that finds part of the organization kept reads the rest, not the whole of it again.
 */
function readSinceStart(fund: FundState, now: number): fund is FundState & { readAt: number } {
  const dueMs = serverEnv().DIRECTORY_REFRESH_SECONDS * 1_000;
  return fund.round === 0 && fund.status === "read" && fund.keptAt === null && now - (fund.readAt ?? 0) < dueMs;
}

async function build(state: SourceState, listed: () => void, refresh: boolean): Promise<void> {
  const round = (state.round += 1);
  state.startedAt = Date.now();
  try {
    const listedAt = Date.now();
    const funds = await listFunds(systemPrincipal("directory", state.source));
    void keepFundsList(state.source, funds, listedAt);
    state.listFailure = null;
    const previous = state.funds;
    state.funds = new Map(funds.map((fund) => [fund.id, fundStateOf(state.source, fund, previous.get(fund.id))]));
    state.changes += 1;
    const recent = refresh ? [] : [...state.funds.values()].filter((fund) => readSinceStart(fund, listedAt));
    for (const fund of recent) setFund(state, fund, { round });
    // The next build is due when the oldest of those reads is, as after a start served whole (kept-start.ts).
    state.startedAt = recent.reduce((oldest, fund) => Math.min(oldest, fund.readAt), state.startedAt);
    listed();
    const limit = pLimit(serverEnv().DIRECTORY_CONCURRENCY);
    const records = new Map(funds.map((fund) => [fund.id, fund]));
    const maxRows = serverEnv().KEPT_WRITES_MAX_ROWS;
    // A scheduled build takes lists kept within the fund lists' age (a fund page's read); a Refresh reads every one.
    const reuseMs = refresh ? 0 : serverEnv().INVESTOR_LIST_CACHE_SECONDS * 1_000;
    await Promise.all(
      [...state.funds.values()]
        .filter((fund) => fund.round !== round)
        .map((fund) =>
          limit(async () => {
            // What is read faster than the store keeps it waits, so the reads waiting to be kept stay bounded; and
            // each read starts in a moment no person's request runs (or after a second), so people come first.
            await roomToKeep(maxRows);
            await foregroundQuiet();
            if (halt().stopping) return;
            await readFund(state, fund, records.get(fund.id)!, round, reuseMs);
          }),
        ),
    );
  } catch (error) {
    keepFailure(state.source, "funds", null, error);
    state.listFailure = error instanceof Error ? error : new Error(String(error));
    listed();
  }
}

/** Starts a source's build unless one runs: on first use, past DIRECTORY_REFRESH_SECONDS, or on a person's Refresh. */
function ensureBuilding(state: SourceState, refresh: boolean): Promise<void> | null {
  if (state.building) return state.building;
  if (halt().stopping) return null;
  const age = Date.now() - state.startedAt;
  const env = serverEnv();
  // A person's Refresh reads every fund again at most once per INVESTOR_LIST_REFRESH_SECONDS, like a fund's list; so
  // does the next request after a build whose funds list could not be read (after a restart from part of the
  // organization kept, the funds never kept would otherwise wait DIRECTORY_REFRESH_SECONDS, shown as unread).
  const due =
    state.round === 0 ||
    age >= env.DIRECTORY_REFRESH_SECONDS * 1_000 ||
    ((refresh || state.listFailure !== null) && age >= env.INVESTOR_LIST_REFRESH_SECONDS * 1_000);
  if (!due) return null;
  let listed = () => {};
  state.listed = new Promise((resolve) => (listed = resolve));
  const began = Date.now();
  state.building = build(state, listed, refresh).finally(() => {
    state.building = null;
    // Halted midway: neither read whole nor worth an index for a process about to exit.
    if (halt().stopping) return;
    // What the process holds once the organization is read (what HELD_LISTS_MB and the indexes leave), for operators.
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    const mb = (bytes: number) => Math.round(bytes / 1_048_576);
    logLine("organization_read", {
      source: state.source,
      funds: state.funds.size,
      ms: Date.now() - began,
      rssMb: mb(rss),
      heapUsedMb: mb(heapUsed),
      heapTotalMb: mb(heapTotal),
      externalMb: mb(external),
    });
    // Every fund tried: the directory makes (and readies) its index before anyone asks for it.
    settled(state.source);
  });
  return state.building;
}

function stateOfRef(ref: string): SourceState | null {
  const source = refParts(ref)?.source;
  return source ? sourceState(source) : null;
}

/** A fund's list read for its own page: the directory takes its positions, so the two never disagree. */
export function acceptFundRead(ref: string, positions: readonly Position[], digest: string): void {
  const state = stateOfRef(ref);
  const fund = state?.funds.get(ref);
  if (state && fund)
    setFund(state, fund, { status: "read", positions, digest, failure: null, readAt: Date.now(), keptAt: null });
}

/** A fund a live read found gone (404): it leaves the organization at once, kept reads and all. */
export function dropFund(ref: string): void {
  const state = stateOfRef(ref);
  if (state?.funds.delete(ref)) state.changes += 1;
}

const loadingKept = (state: SourceState) => state.keptLoading !== null;

/** Waits for `until`, at most `ms`, leaving no timer behind. */
async function atMost(until: Promise<unknown>, ms: number): Promise<void> {
  const timer = new AbortController();
  const timeout = sleep(ms, undefined, { ref: false, signal: timer.signal }).catch(() => undefined);
  await Promise.race([until, timeout]).finally(() => timer.abort());
}

// A request waits this long at most for a start's first kept reads (a Refresh: for all of them) before it goes on.
const keptWaitMs = 15_000;

/**
 * A source's funds as they stand, its build begun when due: the first fund list is awaited (the funds are not).
 * While a start loads its kept reads, the funds served so far (the build waits until warm.ts ends the load); a
 * Refresh (a person's, the daily snapshot's) waits for the whole load, then asks for its build as before. Throws the
 * fund list's failure while no fund of the source is known.
 */
export async function sourceNow(source: string, options: { refresh?: boolean } = {}): Promise<SourceState> {
  const state = sourceState(source);
  if (state.keptLoading && options.refresh) await atMost(state.keptLoading, keptWaitMs);
  else if (state.keptLoading && state.funds.size === 0) await atMost(state.keptFirst, keptWaitMs);
  if (!options.refresh && loadingKept(state) && state.funds.size > 0) return state;
  const building = ensureBuilding(state, options.refresh ?? false);
  // Before the fund list is known there is nothing to show but the wait for it.
  if (building && state.funds.size === 0) await state.listed;
  if (state.listFailure && state.funds.size === 0) throw state.listFailure;
  return state;
}

/** Settles when the source's build in progress (if any) has tried every fund. */
export async function sourceBuilt(source: string): Promise<void> {
  await sourceState(source).building;
}
