import "server-only";
import type { FailedFund } from "../../directory/types";
import type { FundState } from "./fund-state";
import type { SourceState } from "./organization";

// What an instance holds of the organization (each fund's positions, and the directory, capital outstanding and the
// reconciliation column over them) grows with it, about 2 KB a position: DIRECTORY_MAX_POSITIONS bounds it. Funds are
// held in the fund lists' order while they fit; a fund past the bound lets its positions go and is named as not held,
// as a fund that could not be read is, so every view that spans funds says which ones it is missing.

/** The funds read whose positions do not fit once those before them (in order) are held; none when `max` is 0. */
export function fundsPastBound(funds: Iterable<FundState>, max: number): FundState[] {
  if (max <= 0) return [];
  const past: FundState[] = [];
  let held = 0;
  for (const fund of funds) {
    if (fund.status !== "read" || fund.positions.length === 0) continue;
    if (held + fund.positions.length <= max) held += fund.positions.length;
    else past.push(fund);
  }
  return past;
}

const count = new Intl.NumberFormat("en-US");

/** How a fund past the bound is named wherever the directory names the funds it is missing. */
export function pastBoundFailure(fund: FundState, max: number): FailedFund {
  return {
    id: fund.id,
    name: fund.name,
    status: 507,
    message: `not held: past DIRECTORY_MAX_POSITIONS, ${count.format(max)} positions across funds; its own page shows them`,
  };
}

/** Lets go of the positions of the funds past `max` across these sources (in order), naming each as not held. */
export function holdFundsWithinBound(sources: readonly SourceState[], max: number): void {
  if (max <= 0) return;
  // A count first (14–34 µs at 10,000 funds, measured): most calls find the organization within the bound.
  let held = 0;
  for (const state of sources) for (const fund of state.funds.values()) held += fund.positions.length;
  if (held <= max) return;
  const funds = sources.flatMap((state) => [...state.funds.values()]);
  for (const fund of fundsPastBound(funds, max)) {
    const state = sources.find((candidate) => candidate.source === fund.source)!;
    const failure = pastBoundFailure(fund, max);
    state.funds.set(fund.id, { ...fund, status: "failed", positions: [], digest: null, failure, keptAt: null });
    state.changes += 1;
  }
}
