import "server-only";
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { can } from "../../access/policy";
import type { Principal } from "../../data/principal";
import { sourcesOf } from "../../data/sources";
import type { DirectoryProgress, FailedFund } from "../../directory/types";
import { processWide } from "../../server/process-wide";
import type { FundState } from "./fund-state";
import { type SourceState, sourceBuilt, sourceNow } from "./organization";

// The organization as one person may see it: every fund of the sources their scope reaches that the policy lets
// them read, merged. Worked out once per scope and change, and shared only by people whose scopes are equal.

export type OrganizationFund = Readonly<FundState>;

export interface OrganizationSnapshot {
  /** The scope it was made for: whatever is worked out from it is held for this scope only. */
  scopeKey: string;
  /** Every fund in scope with its state, source by source in the fund lists' order (positions included). */
  states: readonly OrganizationFund[];
  /** Identifies what the snapshot was made of: derived work keyed on it is redone only after a change. */
  changes: string;
  /**
   * Funds are being read now: a build, or a start's kept reads loading (an index made meanwhile is made again at most
   * each second, and readied in the background only once this is over).
   */
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

const held = () => processWide("scoped-organizations", () => new LRUCache<string, OrganizationSnapshot>({ max: 64 }));

/**
 * The directory's version once every fund in scope has been tried: a digest of each fund's list digest, name,
 * figures and failure, so any instance that read the same data gives the same version and can serve the next page.
 */
function versionOf(funds: readonly FundState[]): string {
  const hash = createHash("sha256");
  for (const fund of funds)
    hash.update(JSON.stringify([fund.id, fund.name, fund.figures, fund.status, fund.digest, fund.failure?.status]));
  return hash.digest("hex");
}

function merged(principal: Principal, sources: readonly SourceState[], changes: string): OrganizationSnapshot {
  const states: FundState[] = [];
  let read = 0;
  let complete = true;
  for (const state of sources) {
    const seen = [...state.funds.values()].filter((fund) =>
      can(principal, "fund.read", { source: state.source, organization: fund.organization }),
    );
    states.push(...seen);
    read += seen.filter((fund) => fund.round === state.round && fund.status !== "pending").length;
    complete &&= state.round > 0 && seen.every((fund) => fund.status !== "pending");
  }
  const readAts = states.map((fund) => fund.readAt).filter((at): at is number => at !== null);
  const keptAts = states.map((fund) => fund.keptAt).filter((at): at is number => at !== null);
  return {
    scopeKey: principal.scopeKey,
    states,
    changes,
    building: sources.some((state) => state.building !== null || state.keptLoading !== null),
    progress: {
      read,
      total: states.length,
      ...(sources.some((state) => state.keptLoading !== null) ? { loadingKept: true } : {}),
    },
    failedFunds: states.flatMap((fund) => (fund.failure ? [fund.failure] : [])),
    complete,
    version: complete ? versionOf(states) : null,
    asOf: readAts.length > 0 ? new Date(Math.min(...readAts)).toISOString() : null,
    kept: keptAts.length > 0 ? new Date(Math.min(...keptAts)).toISOString() : null,
    funds: states.map(({ id, name, search, organization }) => ({ id, name, search, organization })),
  };
}

/**
 * Every fund of the organization the person may see and its positions as they stand: each source read on first
 * use (its first fund list is awaited, its funds are not), again on its age or a person's Refresh, with progress
 * and the funds that could not be read.
 */
export async function organizationSnapshot(
  principal: Principal,
  options: { refresh?: boolean } = {},
): Promise<OrganizationSnapshot> {
  const sources = await Promise.all(sourcesOf(principal.scope).map((source) => sourceNow(source, options)));
  const changes = sources
    .map((s) => `${s.source}:${s.changes}:${s.round}:${s.building ? 1 : 0}${s.keptLoading ? ":kept" : ""}`)
    .join(",");
  const found = held().get(principal.scopeKey);
  if (found && found.changes === changes) return found;
  const snapshot = merged(principal, sources, changes);
  held().set(principal.scopeKey, snapshot);
  return snapshot;
}

/** Settles when the builds in progress of the person's sources (if any) have tried every fund. */
export async function organizationBuilt(principal: Principal): Promise<void> {
  await Promise.all(sourcesOf(principal.scope).map(sourceBuilt));
}
