import "server-only";
import { organizationScope, fundRefOf } from "../../data/organization";
import type { Principal } from "../../data/principal";
import { sourcesOf } from "../../data/sources";
import { ensureRounds, roundListed, roundUnderWay } from "../../fund-reads/server/organization";
import { HttpError } from "../../http/errors";
import { serverEnv } from "../../server/env";
import { type OrgState, orgState } from "../../store/server";
import type { StoreScope } from "../../store/model";
import type { DirectoryProgress, FailedFund } from "../types";

const listWaitMs = 15_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

// What every organization-wide view needs first: the person's scope as the store compares it, and how far the reads
// of its funds have come (progress, failures named, the version later pages must match), from the read model.

export interface OrganizationState {
  scope: StoreScope;
  state: OrgState;
  progress: DirectoryProgress;
  /** The first ten funds that could not be read; failedCount counts them all. */
  failedFunds: FailedFund[];
  failedCount: number;
  complete: boolean;
  /** A round of reads is under way for a source in scope. */
  reading: boolean;
  version: string | null;
  asOf: string | null;
  /** When a read in use is older than the refresh interval, the oldest (ISO): the view says "as of" it. */
  kept: string | null;
  /** A fund's ref from the model's names of it. */
  refOf: (fund: { fingerprint: string; fundId: string }) => string;
}

/**
 * The organization as the person may see it. A Refresh (a person's, at most every INVESTOR_LIST_REFRESH_SECONDS)
 * begins a round of reads of their sources now; otherwise any due round is begun, in the background.
 */
export async function organizationState(
  principal: Principal,
  options: { refresh?: boolean } = {},
): Promise<OrganizationState> {
  const sources = sourcesOf(principal.scope);
  void ensureRounds({ refresh: options.refresh, sources });
  const [scope, refOf] = await Promise.all([organizationScope(principal), fundRefOf()]);
  let state = await orgState(scope);
  if (state.unlisted.some((source) => source.failure === null)) {
    // A source whose funds list was never read: its round's list is awaited (at most 15 s), as the first request
    // of a first start waits for it; the funds' reads are not.
    await Promise.race([Promise.all(sources.map(roundListed)), sleep(listWaitMs)]);
    state = await orgState(scope);
  }
  // Nothing of a source could be listed: its list's failure is the answer (kept funds of it would be served).
  const failed = state.unlisted.find((source) => source.failure !== null);
  if (failed && state.total === 0) throw new HttpError(failed.failure!.status, failed.failure!.message);
  const dueMs = serverEnv().DIRECTORY_REFRESH_SECONDS * 1_000;
  const stale = state.asOf !== null && Date.now() - state.asOf.getTime() >= dueMs;
  return {
    scope,
    state,
    progress: { read: state.tried, total: state.total },
    failedFunds: state.failed.map((fund) => ({
      id: refOf(fund),
      name: fund.name,
      status: fund.status,
      message: fund.message,
    })),
    failedCount: state.failedCount,
    complete: state.complete,
    // A Refresh just asked for may not have marked its round begun in the store yet: the page asks again.
    reading: state.reading || sources.some(roundUnderWay),
    version: state.version,
    asOf: state.asOf?.toISOString() ?? null,
    kept: stale ? state.asOf!.toISOString() : null,
    refOf,
  };
}
