// Who holds each position: about 15% of distinct investors hold positions in 2 to 5 funds (same identity, new id).
import { Fenwick } from "./fenwick";
import { emailTagDigits } from "./identity-keys";
import { Rng, hashSeed } from "./prng";

/** Share of distinct investors (by tax id) who hold positions in more than one fund. */
export const SHARED_SHARE = 0.15;
const MEMBERSHIPS = [
  [2, 55],
  [3, 25],
  [4, 12],
  [5, 8],
] as const;
/** At most this share of a fund's positions go to investors who are in other funds too. */
const ROOM = 0.6;

/** The two entities a family office contact speaks for: a position each. */
export interface FamilyOfficeSeat {
  fund: number;
  position: number;
}

/** Flat typed arrays, so a store of 100,000 funds costs a few arrays, not one object per fund. */
export interface IdentityPlan {
  seed: number;
  /** Identities [0, sharedCount) hold positions in several funds; the others one position each. */
  sharedCount: number;
  totalIdentities: number;
  emailTagDigits: number;
  /** Shared positions of fund f are slots [slotStart[f], slotStart[f + 1]), in position order. */
  slotStart: Int32Array;
  slotPosition: Int32Array;
  slotIdentity: Int32Array;
  /** Which of its identity's funds the slot is (0 = first): each gets a different commitment. */
  slotRank: Uint8Array;
  /** Identity of fund f's first private position; its later private positions count on from there. */
  privateStart: Float64Array;
  /** First store-wide position of fund f, so every record can carry values unique to it. */
  positionStart: Float64Array;
  /** All funds' positions; record serials past it belong to funds. */
  totalPositions: number;
  /** Half the typical ticket of shared identity k, in cents; its commitment in its r-th fund is that times 2 + r. */
  halfTicketCents: Int32Array;
  /** Funds of shared identity k: memberFund[memberStart[k] .. memberStart[k + 1]), rank order. */
  memberStart: Int32Array;
  memberFund: Int32Array;
  /** Empty, or the two seats of the family office pair. */
  familyOffice: readonly FamilyOfficeSeat[];
}

/** Groups of 2 to 5 funds, drawn by the room funds have left, until shared investors reach SHARED_SHARE. */
function drawMemberships(rng: Rng, counts: readonly number[]): { memberStart: number[]; memberFund: number[] } {
  const left = counts.map((n) => Math.floor(n * ROOM));
  const room = new Fenwick(left);
  let fundsWithRoom = left.filter((n) => n > 0).length;
  const positions = counts.reduce((sum, n) => sum + n, 0);
  const memberStart = [0];
  const memberFund: number[] = [];
  // Distinct investors are the private positions plus the shared identities.
  const shortOfShare = (): boolean =>
    memberStart.length - 1 < SHARED_SHARE * (positions - memberFund.length + memberStart.length - 1);
  while (shortOfShare() && fundsWithRoom >= 2) {
    const size = Math.min(rng.weighted(MEMBERSHIPS), fundsWithRoom);
    const group: number[] = [];
    while (group.length < size) {
      const fund = room.find(rng.next() * room.total);
      group.push(fund);
      // Out of the draw until the group is complete: a group's funds are distinct.
      room.add(fund, -left[fund]!);
    }
    for (const fund of group) {
      if (--left[fund]! === 0) fundsWithRoom--;
      room.add(fund, left[fund]!);
      memberFund.push(fund);
    }
    memberStart.push(memberFund.length);
  }
  return { memberStart, memberFund };
}

/** Spreads each fund's shared identities over random positions (selection sampling keeps them sorted). */
function layOutSlots(
  seed: number,
  counts: readonly number[],
  memberStart: readonly number[],
  memberFund: readonly number[],
) {
  const slotStart = new Int32Array(counts.length + 1);
  for (const fund of memberFund) slotStart[fund + 1]!++;
  for (let f = 0; f < counts.length; f++) slotStart[f + 1]! += slotStart[f]!;
  const slotPosition = new Int32Array(memberFund.length);
  const slotIdentity = new Int32Array(memberFund.length);
  const slotRank = new Uint8Array(memberFund.length);
  const filled = slotStart.slice(0, counts.length);
  for (let k = 0; k + 1 < memberStart.length; k++) {
    for (let m = memberStart[k]!; m < memberStart[k + 1]!; m++) {
      const slot = filled[memberFund[m]!]!++;
      slotIdentity[slot] = k;
      slotRank[slot] = m - memberStart[k]!;
    }
  }
  counts.forEach((n, f) => {
    const start = slotStart[f]!;
    const end = slotStart[f + 1]!;
    if (start === end) return;
    const rng = new Rng(hashSeed(seed, f, 9));
    let slot = start;
    for (let position = 0; slot < end; position++) {
      if (rng.next() * (n - position) < end - slot) slotPosition[slot++] = position;
    }
    // Shuffle who sits where, so a fund's shared investors are not in identity order.
    for (let i = end - 1; i > start; i--) {
      const j = start + Math.floor(rng.next() * (i - start + 1));
      [slotIdentity[i], slotIdentity[j]] = [slotIdentity[j]!, slotIdentity[i]!];
      [slotRank[i], slotRank[j]] = [slotRank[j]!, slotRank[i]!];
    }
  });
  return { slotStart, slotPosition, slotIdentity, slotRank };
}

/** The r-th position of a fund that no shared identity holds. */
function privatePosition(plan: Pick<IdentityPlan, "slotStart" | "slotPosition">, fund: number, rank: number): number {
  let position = rank;
  for (
    let slot = plan.slotStart[fund]!;
    slot < plan.slotStart[fund + 1]! && plan.slotPosition[slot]! <= position;
    slot++
  )
    position++;
  return position;
}

/** Two private positions in two different funds where possible. */
function seatFamilyOffice(
  rng: Rng,
  privates: readonly number[],
  plan: Pick<IdentityPlan, "slotStart" | "slotPosition">,
): FamilyOfficeSeat[] {
  const funds = privates.flatMap((n, fund) => (n > 0 ? [fund] : []));
  const first = funds.length > 0 ? funds[Math.floor(rng.next() * funds.length)]! : -1;
  const others = funds.filter((fund) => fund !== first);
  const second =
    others.length > 0 ? others[Math.floor(rng.next() * others.length)]! : (privates[first] ?? 0) >= 2 ? first : -1;
  if (second === -1) return [];
  const firstRank = Math.floor(rng.next() * privates[first]!);
  const secondRank = second === first ? (firstRank + 1) % privates[first]! : Math.floor(rng.next() * privates[second]!);
  return [
    { fund: first, position: privatePosition(plan, first, firstRank) },
    { fund: second, position: privatePosition(plan, second, secondRank) },
  ];
}

export function planIdentities(seed: number, counts: readonly number[]): IdentityPlan {
  const rng = new Rng(hashSeed(seed, 0x1d));
  const { memberStart, memberFund } = drawMemberships(rng, counts);
  const slots = layOutSlots(seed, counts, memberStart, memberFund);
  const sharedCount = memberStart.length - 1;
  // Tickets of $50,000-$800,000, so commitments (ticket times 1, 1.5, … 3) differ across an identity's funds.
  const halfTicketCents = Int32Array.from({ length: sharedCount }, () => (50_000 + rng.int(0, 150) * 5_000) * 50);
  const privateStart = new Float64Array(counts.length);
  const positionStart = new Float64Array(counts.length);
  const privates = counts.map((n, f) => n - (slots.slotStart[f + 1]! - slots.slotStart[f]!));
  let nextPrivate = sharedCount;
  let nextPosition = 0;
  counts.forEach((n, f) => {
    privateStart[f] = nextPrivate;
    positionStart[f] = nextPosition;
    nextPrivate += privates[f]!;
    nextPosition += n;
  });
  return {
    seed,
    sharedCount,
    totalIdentities: nextPrivate,
    emailTagDigits: emailTagDigits(nextPrivate),
    ...slots,
    privateStart,
    positionStart,
    totalPositions: nextPosition,
    halfTicketCents,
    memberStart: Int32Array.from(memberStart),
    memberFund: Int32Array.from(memberFund),
    familyOffice: seatFamilyOffice(rng, privates, slots),
  };
}
