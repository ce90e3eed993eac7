// Walks a fund's positions in list order, naming the identity that holds each one.
import type { IdentityPlan } from "./identity-plan";

/** Who holds a fund's position: a shared identity (rank ≥ 0) or a private one (rank −1). */
export interface PositionHolder {
  identity: number;
  rank: number;
  /** 0 or 1 for the family office pair's two entities. */
  familyOffice: 0 | 1 | null;
}

/** Tells who holds each position of a fund; call it for positions 0, 1, 2, … in order. */
export function positionHolders(plan: IdentityPlan, fund: number): (position: number) => PositionHolder {
  let slot = plan.slotStart[fund]!;
  const end = plan.slotStart[fund + 1]!;
  let nextPrivate = plan.privateStart[fund]!;
  return (position) => {
    if (slot < end && plan.slotPosition[slot] === position) {
      const holder = { identity: plan.slotIdentity[slot]!, rank: plan.slotRank[slot]!, familyOffice: null };
      slot++;
      return holder;
    }
    const seat = plan.familyOffice.findIndex((s) => s.fund === fund && s.position === position);
    return { identity: nextPrivate++, rank: -1, familyOffice: seat === 0 || seat === 1 ? seat : null };
  };
}
