import "server-only";
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import pLimit from "p-limit";
import { CustomerApiError } from "../../customer-api/errors";
import { type Fund, listFunds } from "../../data/funds";
import { systemPrincipal } from "../../data/principal";
import { statusOf } from "../../http/error-response";
import { serverEnv } from "../../server/env";
import { logLine } from "../../server/log";
import { processWide } from "../../server/process-wide";
import type { DirectoryProgress, FailedFund } from "../../directory/types";
import { failureOf, type FundState, fundStateOf } from "./fund-state";
import { keepFailure, keepFundsList, type KeptOrganization } from "./kept";
import { type Position, positionOf, positionsCollector } from "./positions";
import { readFundList } from "./upstream-list";

interface State {
  funds: Map<string, FundState>;
  /** While a start loads the kept reads: a build then would read every fund the store is about to give. */
  keptLoading: Promise<void> | null;
  /** Why the fund list itself could not be read, when it could not. */
  listFailure: Error | null;
  round: number;
  startedAt: number;
  building: Promise<void> | null;
  /** Settles once the build in progress has read the fund list (or failed to). */
  listed: Promise<void>;
  changes: number;
  version: { changes: number; value: string } | null;
}

const state = processWide<State>("organization", () => ({
  funds: new Map(),
  keptLoading: null,
  listFailure: null,
  round: 0,
  startedAt: 0,
  building: null,
  listed: Promise.resolve(),
  changes: 0,
  version: null,
}));

// What is told when a build has tried every fund (the directory readies its index then), by name, across bundles.
const settledListeners = processWide<Map<string, () => void>>("organization-settled", () => new Map());

/** Calls `listener` each time a build of the organization has tried every fund; a later call by the name replaces it. */
export function onOrganizationSettled(name: string, listener: () => void): void {
  settledListeners.set(name, listener);
}

function setFund(fund: FundState, patch: Partial<FundState>) {
  const current = state.funds.get(fund.id) ?? fund;
  // The same list read again (same content digest): its positions are kept, and the investors do not change.
  const same = patch.positions && patch.digest && current.status === "read" && current.digest === patch.digest;
  state.funds.set(fund.id, { ...current, ...patch, ...(same ? { positions: current.positions } : {}) });
  state.changes += 1;
}

async function readFund(fund: FundState, record: Fund, round: number, reuseMs: number): Promise<void> {
  try {
    const read = await readFundList(systemPrincipal("directory"), fund.id, () => positionsCollector(fund.id), {
      fund: Promise.resolve(record),
      reuseMs,
    });
    const patch = { status: "read" as const, positions: read.value, digest: read.digest, failure: null };
    setFund(fund, { ...patch, readAt: read.readAt, keptAt: null, round });
  } catch (error) {
    if (!(error instanceof CustomerApiError) && statusOf(error) === null)
      logLine("directory_fund_error", { fundId: fund.id });
    // A fund that cannot be read is kept with its failure, and named wherever the directory is shown.
    setFund(fund, {
      status: "failed",
      positions: [],
      digest: null,
      failure: failureOf(fund, error),
      keptAt: null,
      round,
    });
  }
}

/**
 * A process starts from the store: every fund's newest kept list, so the directory, capital outstanding and the
 * grid's reconciliation are whole at once, while the live reads run. Kept reads younger than the directory's refresh
 * interval are this round's reads, as a running process would hold them: served as of their read, and the next build
 * comes when they are due, so a restart makes the upstream read nothing again. Older ones are served as kept
 * ("refreshing…") while a build reads every fund. Funds read live already are left as they are.
 */
export function startFromKept(kept: KeptOrganization): void {
  const now = Date.now();
  if (state.funds.size === 0)
    state.funds = new Map(kept.funds.map((record) => [record.id, fundStateOf(record, undefined)]));
  const dueMs = serverEnv().DIRECTORY_REFRESH_SECONDS * 1_000;
  const recent = new Map(kept.lists.filter((list) => now - list.seenAt < dueMs).map((list) => [list.fundId, list]));
  const funds = [...state.funds.values()];
  // Every fund read within the interval: a round done, the next one due when its oldest read is.
  const whole =
    state.round === 0 && now - kept.seenAt < dueMs && funds.every((f) => f.status === "pending" && recent.has(f.id));
  for (const list of kept.lists) {
    const fund = state.funds.get(list.fundId);
    if (!fund || fund.status !== "pending") continue;
    const positions = list.investors.map((investor, at) => positionOf(list.fundId, investor, list.taxKeys[at]!));
    const read = { status: "read" as const, positions, digest: list.digest, readAt: list.seenAt };
    const keptAt = recent.has(fund.id) ? null : list.seenAt;
    state.funds.set(fund.id, { ...fund, ...read, keptAt, round: whole ? 1 : 0 });
  }
  state.changes += 1;
  if (!whole) return;
  state.round = 1;
  state.startedAt = Math.min(kept.seenAt, ...[...recent.values()].map((list) => list.seenAt));
  // As when a build has tried every fund: the directory makes its index now, before anyone asks.
  for (const listener of settledListeners.values()) listener();
}

async function build(listed: () => void, reuseMs: number): Promise<void> {
  const round = (state.round += 1);
  state.startedAt = Date.now();
  try {
    const listedAt = Date.now();
    const funds = await listFunds(systemPrincipal("directory"));
    void keepFundsList(funds, listedAt);
    state.listFailure = null;
    const previous = state.funds;
    state.funds = new Map(funds.map((fund) => [fund.id, fundStateOf(fund, previous.get(fund.id))]));
    state.changes += 1;
    listed();
    const limit = pLimit(serverEnv().DIRECTORY_CONCURRENCY);
    const records = new Map(funds.map((fund) => [fund.id, fund]));
    await Promise.all(
      [...state.funds.values()].map((fund) => limit(() => readFund(fund, records.get(fund.id)!, round, reuseMs))),
    );
  } catch (error) {
    keepFailure("funds", null, error);
    state.listFailure = error instanceof Error ? error : new Error(String(error));
    listed();
  }
}

/** Starts a build unless one runs: on first use, past DIRECTORY_REFRESH_SECONDS, or on a person's Refresh. */
function ensureBuilding(refresh: boolean): Promise<void> | null {
  if (state.building) return state.building;
  const age = Date.now() - state.startedAt;
  const env = serverEnv();
  // A person's Refresh reads every fund again at most once per INVESTOR_LIST_REFRESH_SECONDS, like a fund's list.
  const due =
    state.round === 0 ||
    age >= env.DIRECTORY_REFRESH_SECONDS * 1_000 ||
    (refresh && age >= env.INVESTOR_LIST_REFRESH_SECONDS * 1_000);
  if (!due) return null;
  let listed = () => {};
  state.listed = new Promise((resolve) => (listed = resolve));
  // A scheduled build takes lists kept within the fund lists' age (a fund page's read); a Refresh reads every one.
  const reuseMs = refresh ? 0 : env.INVESTOR_LIST_CACHE_SECONDS * 1_000;
  state.building = build(listed, reuseMs).finally(() => {
    state.building = null;
    // Every fund tried: the directory makes (and readies) its index before anyone asks for it.
    for (const listener of settledListeners.values()) listener();
  });
  return state.building;
}

/** A fund's list read for its own page: the directory takes its positions, so the two never disagree. */
export function acceptFundRead(fundId: string, positions: readonly Position[], digest: string): void {
  const fund = state.funds.get(fundId);
  if (fund) setFund(fund, { status: "read", positions, digest, failure: null, readAt: Date.now(), keptAt: null });
}

/**
 * The directory's version once every fund has been tried: a digest of each fund's list digest, name, figures and
 * failure, so any instance that read the same data gives the same version and can serve the next page.
 */
function versionOf(funds: readonly FundState[]): string {
  if (state.version?.changes === state.changes) return state.version.value;
  const hash = createHash("sha256");
  for (const fund of funds)
    hash.update(JSON.stringify([fund.id, fund.name, fund.figures, fund.status, fund.digest, fund.failure?.status]));
  state.version = { changes: state.changes, value: hash.digest("hex") };
  return state.version.value;
}

// An early request (the warm-up's) waits this long at most for the kept reads before it starts a build.
const keptWaitMs = 15_000;

/** Until `loaded` settles (the kept reads loaded and served), the organization waits for them before any build. */
export function awaitKeptReads(loaded: Promise<unknown>): void {
  const settled = loaded.then(
    () => undefined,
    () => undefined,
  );
  state.keptLoading = settled;
  void settled.then(() => state.keptLoading === settled && (state.keptLoading = null));
}

/** Settles when the build in progress (if any) has tried every fund. */
export async function organizationBuilt(): Promise<void> {
  await state.building;
}

export type OrganizationFund = Readonly<FundState>;

export interface OrganizationSnapshot {
  /** Every fund with its state, in the fund list's order (positions included). */
  states: readonly OrganizationFund[];
  /** How many changes the organization has seen: derived work keyed on it is redone only after a change. */
  changes: number;
  /** A build is reading funds now. */
  building: boolean;
  progress: DirectoryProgress;
  failedFunds: FailedFund[];
  complete: boolean;
  /** The content version of a complete organization; null while funds are still being read. */
  version: string | null;
  asOf: string | null;
  /** While some funds are still served from their kept reads: the oldest such read (ISO); else null. */
  kept: string | null;
  funds: { id: string; name: string; search: string; organization: string | null }[];
}

/**
 * Every fund of the organization and its positions as they stand: read on first use (the first fund list is awaited,
 * the funds are not), again on its age or a person's Refresh, with progress and the funds that could not be read.
 */
export async function organizationSnapshot(options: { refresh?: boolean } = {}): Promise<OrganizationSnapshot> {
  if (state.keptLoading) await Promise.race([state.keptLoading, sleep(keptWaitMs, undefined, { ref: false })]);
  const building = ensureBuilding(options.refresh ?? false);
  // Before the fund list is known there is nothing to show but the wait for it.
  if (building && state.funds.size === 0) await state.listed;
  if (state.listFailure && state.funds.size === 0) throw state.listFailure;
  const funds = [...state.funds.values()];
  const readAts = funds.map((fund) => fund.readAt).filter((at): at is number => at !== null);
  const complete = state.round > 0 && funds.every((fund) => fund.status !== "pending");
  const keptAts = funds.map((fund) => fund.keptAt).filter((at): at is number => at !== null);
  return {
    states: funds,
    changes: state.changes,
    building: state.building !== null,
    progress: {
      read: funds.filter((fund) => fund.round === state.round && fund.status !== "pending").length,
      total: funds.length,
    },
    failedFunds: funds.flatMap((fund) => (fund.failure ? [fund.failure] : [])),
    complete,
    version: complete ? versionOf(funds) : null,
    asOf: readAts.length > 0 ? new Date(Math.min(...readAts)).toISOString() : null,
    kept: keptAts.length > 0 ? new Date(Math.min(...keptAts)).toISOString() : null,
    funds: funds.map((fund) => ({
      id: fund.id,
      name: fund.name,
      search: fund.search,
      organization: fund.organization,
    })),
  };
}
