import "server-only";
import type { Principal } from "../../data/principal";
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
export async function investorHistory(_principal: Principal, fundId: string, investorId: string): Promise<History> {
  return historyOf(historyPositionKeys, await positionHistory(fundId, investorId));
}

/** One investor's positions across funds, summed at the union of the funds' read times (see positionsHistory). */
export async function investorAcrossFundsHistory(
  _principal: Principal,
  held: readonly { fundId: string; investorId: string }[],
): Promise<History> {
  return historyOf(historyPositionKeys, held.length ? await positionsHistory(held) : []);
}

/** The fund's own total commitments and total contributed, at each kept read of its record. */
export async function fundHistory(_principal: Principal, fundId: string): Promise<History> {
  return heldRead(`history:${fundId}`, fundId, async () =>
    historyOf(historyFundKeys, await fundFiguresHistory(fundId)),
  );
}
