import "server-only";
import { serverEnv } from "../../server/env";
import { fundStateOf } from "./fund-state";
import type { KeptOrganization } from "./kept";
import { holdWithinBound, settled, sourceState } from "./organization";

// A process starts from the store: each fund's newest list kept under the source's current token is served as it
// loads, a few hundred funds at a time, so the directory, capital outstanding and the grid's reconciliation answer
// from the first of them (with their progress) rather than after the whole organization, while the live reads wait.

export interface KeptLoad {
  /** Serves some funds' kept reads as they come. */
  serve(kept: KeptOrganization): void;
  /** Every kept read served (or none could be): the round is whole, or the live reads may begin. */
  end(kept: KeptOrganization | null): void;
}

/**
 * Begins a source's load of its kept reads: until it ends, the source's requests take what is served and begin no
 * build (organization.ts sourceNow); a request before the first of them waits for it.
 */
export function beginKeptLoad(source: string): KeptLoad {
  const state = sourceState(source);
  let first = () => {};
  let ended = () => {};
  state.keptFirst = new Promise<void>((resolve) => (first = resolve));
  const loading = new Promise<void>((resolve) => (ended = resolve));
  state.keptLoading = loading;
  const current = () => state.keptLoading === loading;
  return {
    serve(kept) {
      if (!current()) return;
      serveKept(source, kept);
      if (kept.lists.length > 0) first();
    },
    end(kept) {
      if (!current()) return;
      if (kept) serveKept(source, kept);
      // Over before the round is judged, so what the directory makes of it now is not taken for a load.
      state.keptLoading = null;
      state.changes += 1;
      first();
      ended();
      if (kept) judgeRound(source, kept);
    },
  };
}

/**
 * Serves kept reads to the funds still pending (a fund read live meanwhile is left as it is). Kept reads younger than
 * the directory's refresh interval count as this round's reads; older ones say "as of" until read again.
 */
function serveKept(source: string, kept: KeptOrganization): void {
  const state = sourceState(source);
  const now = Date.now();
  if (state.funds.size === 0)
    state.funds = new Map(kept.funds.map((record) => [record.id, fundStateOf(source, record, undefined)]));
  const dueMs = serverEnv().DIRECTORY_REFRESH_SECONDS * 1_000;
  for (const list of kept.lists) {
    const fund = state.funds.get(list.fundId);
    if (!fund || fund.status !== "pending") continue;
    const read = { status: "read" as const, positions: list.positions, digest: list.digest, readAt: list.seenAt };
    const keptAt = now - list.seenAt < dueMs ? null : list.seenAt;
    state.funds.set(fund.id, { ...fund, ...read, keptAt, round: 0 });
  }
  state.changes += 1;
  holdWithinBound();
}

/**
 * Every kept read served. When each fund's read (kept, or live meanwhile: a fund page's) is younger than the refresh
 * interval, the round is done, the next build due when its oldest read is, and the directory makes its index now,
 * before anyone asks. Otherwise a kept read that came due while the rest loaded says "as of" while the build runs.
 */
function judgeRound(source: string, kept: KeptOrganization): void {
  const state = sourceState(source);
  const now = Date.now();
  const dueMs = serverEnv().DIRECTORY_REFRESH_SECONDS * 1_000;
  const funds = [...state.funds.values()];
  const recent = (fund: (typeof funds)[number]) =>
    fund.status === "read" && fund.readAt !== null && now - fund.readAt < dueMs;
  if (state.round !== 0) return;
  if (now - kept.seenAt >= dueMs || !funds.every(recent)) {
    for (const fund of funds)
      if (fund.status === "read" && fund.keptAt === null && !recent(fund))
        state.funds.set(fund.id, { ...fund, keptAt: fund.readAt });
    return;
  }
  for (const fund of funds) state.funds.set(fund.id, { ...fund, round: 1 });
  state.round = 1;
  state.startedAt = funds.reduce((oldest, fund) => Math.min(oldest, fund.readAt!), kept.seenAt);
  state.changes += 1;
  settled(source);
}
