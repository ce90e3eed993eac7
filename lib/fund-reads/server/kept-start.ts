import "server-only";
import { processWide } from "../../server/process-wide";
import { serverEnv } from "../../server/env";
import { fundStateOf } from "./fund-state";
import type { KeptOrganization } from "./kept";
import { settled, sourceState } from "./organization";

// A process starts from the store: each fund's newest list kept under the source's current token is served as it
// loads, a few hundred funds at a time, so the directory, capital outstanding and the grid's reconciliation answer
// from the first of them (with their progress) rather than after the whole organization, while the live reads wait.

/** Until `loaded` settles (every kept read served), the source's requests take what is served and begin no build. */
export function awaitKeptReads(source: string, loaded: Promise<unknown>): void {
  const state = sourceState(source);
  const settledLoad = loaded.then(
    () => undefined,
    () => undefined,
  );
  state.keptLoading = settledLoad;
  state.keptServed = new Set();
  state.keptFirst = new Promise<void>((resolve) => firstServed().set(source, resolve));
  void settledLoad.then(() => {
    firstServed().get(source)?.();
    if (state.keptLoading === settledLoad) state.keptLoading = null;
  });
}

// What a source's first kept reads served resolves: the requests waiting for them answer.
const firstServed = () => processWide("kept-first-served", () => new Map<string, () => void>());

/**
 * Serves some funds' kept reads: those still pending (a fund read live meanwhile is left as it is). Kept reads younger
 * than the directory's refresh interval count as this round's reads; older ones say "as of" until read again.
 */
export function serveKept(source: string, kept: KeptOrganization): void {
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
    state.keptServed.add(fund.id);
  }
  state.changes += 1;
  if (kept.lists.length > 0) firstServed().get(source)?.();
}

/**
 * Every kept read served: when each fund was served from a read younger than the refresh interval, the round is
 * done (the next build comes when its oldest read is due) and the directory makes its index now, before anyone asks.
 */
export function startFromKept(source: string, kept: KeptOrganization): void {
  serveKept(source, kept);
  const state = sourceState(source);
  const now = Date.now();
  const dueMs = serverEnv().DIRECTORY_REFRESH_SECONDS * 1_000;
  const recent = kept.lists.filter((list) => now - list.seenAt < dueMs);
  const recentIds = new Set(recent.map((list) => list.fundId));
  const funds = [...state.funds.values()];
  const whole =
    state.round === 0 &&
    now - kept.seenAt < dueMs &&
    funds.every((fund) => state.keptServed.has(fund.id) && recentIds.has(fund.id));
  if (!whole) return;
  for (const fund of funds) state.funds.set(fund.id, { ...fund, round: 1 });
  state.round = 1;
  state.startedAt = Math.min(kept.seenAt, ...recent.map((list) => list.seenAt));
  state.changes += 1;
  settled(source);
}
