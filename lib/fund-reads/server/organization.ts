import "server-only";
import { createHash } from "node:crypto";
import pLimit from "p-limit";
import { CustomerApiError } from "../../customer-api/errors";
import { listFunds } from "../../data/funds";
import { collectInvestors } from "../../data/investors";
import { systemPrincipal } from "../../data/principal";
import { fundName } from "../../funds/columns";
import { statusOf } from "../../http/error-response";
import { serverEnv } from "../../server/env";
import { logLine } from "../../server/log";
import { processWide } from "../../server/process-wide";
import type { DirectoryProgress, FailedFund } from "../../directory/types";
import { failureOf, figuresOf, type FundState, fundSearchText } from "./fund-state";
import { taxKeyOf } from "./match-key";
import { type Position, positionsCollector } from "./positions";

interface State {
  funds: Map<string, FundState>;
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

async function readFund(fund: FundState, round: number): Promise<void> {
  try {
    const { value, digest } = await collectInvestors(
      systemPrincipal("directory"),
      fund.id,
      () => positionsCollector(fund.id),
      { derive: taxKeyOf },
    );
    setFund(fund, { status: "read", positions: value, digest, failure: null, readAt: Date.now(), round });
  } catch (error) {
    if (!(error instanceof CustomerApiError) && statusOf(error) === null)
      logLine("directory_fund_error", { fundId: fund.id });
    // A fund that cannot be read is kept with its failure, and named wherever the directory is shown.
    setFund(fund, { status: "failed", positions: [], digest: null, failure: failureOf(fund, error), round });
  }
}

async function build(listed: () => void): Promise<void> {
  const round = (state.round += 1);
  state.startedAt = Date.now();
  try {
    const funds = await listFunds(systemPrincipal("directory"));
    state.listFailure = null;
    const previous = state.funds;
    state.funds = new Map(
      funds.map((fund) => {
        const known = previous.get(fund.id) ?? {
          status: "pending" as const,
          positions: [],
          digest: null,
          failure: null,
          readAt: null,
          round: 0,
        };
        const organization = fund.organization_name?.trim() || null;
        const figures = figuresOf(fund);
        return [
          fund.id,
          { ...known, id: fund.id, name: fundName(fund), search: fundSearchText(fund), organization, figures },
        ];
      }),
    );
    state.changes += 1;
    listed();
    const limit = pLimit(serverEnv().DIRECTORY_CONCURRENCY);
    await Promise.all([...state.funds.values()].map((fund) => limit(() => readFund(fund, round))));
  } catch (error) {
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
  state.building = build(listed).finally(() => {
    state.building = null;
    // Every fund tried: the directory makes (and readies) its index before anyone asks for it.
    for (const listener of settledListeners.values()) listener();
  });
  return state.building;
}

/** A fund's list read for its own page: the directory takes its positions, so the two never disagree. */
export function acceptFundRead(fundId: string, positions: readonly Position[], digest: string): void {
  const fund = state.funds.get(fundId);
  if (fund) setFund(fund, { status: "read", positions, digest, failure: null, readAt: Date.now() });
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
  funds: { id: string; name: string; search: string; organization: string | null }[];
}

/**
 * Every fund of the organization and its positions as they stand: read on first use (the first fund list is awaited,
 * the funds are not), again on its age or a person's Refresh, with progress and the funds that could not be read.
 */
export async function organizationSnapshot(options: { refresh?: boolean } = {}): Promise<OrganizationSnapshot> {
  const building = ensureBuilding(options.refresh ?? false);
  // Before the fund list is known there is nothing to show but the wait for it.
  if (building && state.funds.size === 0) await state.listed;
  if (state.listFailure && state.funds.size === 0) throw state.listFailure;
  const funds = [...state.funds.values()];
  const readAts = funds.map((fund) => fund.readAt).filter((at): at is number => at !== null);
  const complete = state.round > 0 && funds.every((fund) => fund.status !== "pending");
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
    funds: funds.map((fund) => ({
      id: fund.id,
      name: fund.name,
      search: fund.search,
      organization: fund.organization,
    })),
  };
}
