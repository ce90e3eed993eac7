import "server-only";
import { LRUCache } from "lru-cache";
import { changesSince, type FundComparison, type PositionChange } from "../../store/server";
import { processWide } from "../../server/process-wide";
import type { InvestorChange } from "../types";
import { investorChangesOf } from "../investor-changes";

// Kept reads never change, so what differs between two of them is worked out once and held: a request diffs only
// the pairs of reads it has not seen (a fund read anew, a moment that reaches an older read). Held for minutes, not
// for ever: forgetting a person (npm run forget, another process) deletes kept positions, unknown to the server.
const heldPairs = () =>
  processWide("changes-pairs", () => new LRUCache<string, readonly InvestorChange[]>({ max: 20_000, ttl: 5 * 60_000 }));
const pairKey = (fund: FundComparison) => `${fund.before?.id}:${fund.after.id}`;

export interface Compared {
  fund: FundComparison;
  /** Its investors changed between the two reads (none when they are one read, or history starts later). */
  investors: readonly InvestorChange[];
}

/** A fund to compare: its ref (what people see) and its store key (what its reads are kept under). */
export interface ComparedFund {
  ref: string;
  storeKey: string;
}

/** Each fund's two reads since `at` and its changed investors, diffing only pairs not held; fund ids are refs. */
export async function comparedSince(at: Date, compared: readonly ComparedFund[]): Promise<Compared[]> {
  const refs = new Map(compared.map((fund) => [fund.storeKey, fund.ref]));
  const pairs = heldPairs();
  const found = new Map<string, readonly InvestorChange[]>();
  const takeHeld = (fund: FundComparison) => {
    const held = pairs.get(pairKey(fund));
    if (!held) return true;
    found.set(fund.fundId, held);
    return false;
  };
  const { funds, positions } = await changesSince(at, [...refs.keys()], undefined, takeHeld);
  const byFund = new Map<string, PositionChange[]>();
  for (const position of positions) {
    const list = byFund.get(position.fundId);
    if (list) list.push(position);
    else byFund.set(position.fundId, [position]);
  }
  return funds.map((kept) => {
    const fund = { ...kept, fundId: refs.get(kept.fundId) ?? kept.fundId };
    if (!fund.before || fund.before.id === fund.after.id) return { fund, investors: [] };
    const held = found.get(kept.fundId);
    if (held) return { fund, investors: held };
    const investors = investorChangesOf(byFund.get(kept.fundId) ?? []);
    pairs.set(pairKey(fund), investors);
    return { fund, investors };
  });
}
