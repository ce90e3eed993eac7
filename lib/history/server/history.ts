import "server-only";
import { fundAccess } from "../../data/fund-access";
import type { Principal } from "../../data/principal";
import { storeKeysOf } from "../../data/sources";
import { fieldLabel } from "../../changes/labels";
import {
  fundFiguresHistory,
  heldRead,
  historyFundKeys,
  type HistoryPoint,
  historyPositionKeys,
  positionHistory,
  positionsHistory,
} from "../../store/server";
import type { History } from "../types";

// The pages' histories, straight from the kept reads (lib/store); a store that is down throws StoreUnavailable
// ("History unavailable: …", 503), which the page shows in place.

function historyOf<Key extends string>(keys: readonly Key[], points: HistoryPoint<Key>[]): History {
  return {
    fields: keys.map((key) => ({ key, label: fieldLabel(key) })),
    points: points.map((point) => ({ at: point.at.toISOString(), values: point.values })),
  };
}

/** One investor's position in one fund at each kept read of the fund's list that holds it. */
export async function investorHistory(principal: Principal, ref: string, investorId: string): Promise<History> {
  const access = await fundAccess(principal, ref, "fund.read");
  return historyOf(historyPositionKeys, await positionHistory(access.storeKey, investorId));
}

/** One investor's positions across funds, summed at the union of the funds' read times (see positionsHistory). */
export async function investorAcrossFundsHistory(
  principal: Principal,
  held: readonly { fundId: string; investorId: string }[],
): Promise<History> {
  // Each fund decided for the person, then named by the key its reads are kept under.
  const funds = await Promise.all(held.map((position) => fundAccess(principal, position.fundId, "fund.read")));
  const keys = await storeKeysOf(funds.map((fund) => fund.ref));
  const kept = held.map((position, at) => ({ fundId: keys[at]!, investorId: position.investorId }));
  return historyOf(historyPositionKeys, kept.length ? await positionsHistory(kept) : []);
}

/** The fund's own total commitments and total contributed, at each kept read of its record. */
export async function fundHistory(principal: Principal, ref: string): Promise<History> {
  const { storeKey } = await fundAccess(principal, ref, "fund.read");
  return heldRead(`history:${storeKey}`, storeKey, async () =>
    historyOf(historyFundKeys, await fundFiguresHistory(storeKey)),
  );
}
