// Money pass: every investor's amounts in integer cents, cheap enough to run for all funds at startup.
import { mulDivRound } from "./format";
import { Rng } from "./prng";
import type { AmountTotals, ContributionStatus, FundTerms, InvestorAmounts } from "./fund-terms";

const MIN_COMMITMENT = 500_000;
const MAX_COMMITMENT = 250_000_000;

// Skewed toward small tickets (most are tens of thousands, a few are millions); a table avoids Math.pow per draw.
const STEPS = 1024;
const COMMITMENT_CURVE: readonly number[] = Array.from(
  { length: STEPS + 1 },
  (_, i) => 5000 * Math.pow(500, (i / STEPS) ** 2.2),
);

function commitmentCents(rng: Rng, minimumCents: number): number | null {
  if (rng.chance(0.015)) return null;
  const position = rng.next() * STEPS;
  const step = Math.floor(position);
  const low = COMMITMENT_CURVE[step]!;
  const dollars = low + (COMMITMENT_CURVE[step + 1]! - low) * (position - step);
  const style = rng.next();
  let cents: number;
  if (style < 0.6) cents = Math.round(dollars / 1000) * 100_000;
  else if (style < 0.85) cents = Math.round(dollars / 100) * 10_000;
  else cents = Math.round(dollars * 100);
  return Math.min(MAX_COMMITMENT, Math.max(MIN_COMMITMENT, minimumCents, cents));
}

export function generateAmounts(terms: FundTerms): { amounts: InvestorAmounts[]; totals: AmountTotals } {
  const rng = new Rng(terms.amountsSeed);
  const amounts: InvestorAmounts[] = new Array<InvestorAmounts>(terms.investorCount);
  let commitments = 0n;
  const partialPercents: number[] = new Array<number>(terms.investorCount);
  const { plan } = terms;
  let slot = plan.slotStart[terms.index]!;
  const slotEnd = plan.slotStart[terms.index + 1]!;
  let nextShared = slot < slotEnd ? plan.slotPosition[slot]! : -1;
  for (let i = 0; i < terms.investorCount; i++) {
    let commitment = commitmentCents(rng, terms.minimumCents);
    // Drawn all the same, so private investors' amounts do not depend on where shared ones sit.
    if (i === nextShared) {
      commitment = plan.halfTicketCents[plan.slotIdentity[slot]!]! * (2 + plan.slotRank[slot]!);
      slot++;
      nextShared = slot < slotEnd ? plan.slotPosition[slot]! : -1;
    }
    const feeRoll = rng.next();
    const feeTenths = feeRoll < 0.85 ? terms.feeTenths : feeRoll < 0.95 ? Math.max(0, terms.feeTenths - 5) : 0;
    const statusRoll = rng.next();
    const status: ContributionStatus = statusRoll < 0.25 ? "none" : statusRoll < 0.4 ? "partial" : "full";
    partialPercents[i] = rng.int(10, 90);
    if (commitment !== null) commitments += BigInt(commitment);
    amounts[i] = {
      commitment,
      feeTenths,
      fee: null,
      expenseShare: null,
      totalDue: null,
      contributed: 0,
      received: 0,
      status,
    };
  }
  // Second loop: the expense reserve is shared pro rata, which needs the fund's total commitments.
  const { feeOmitted, lateContribution } = terms.plants;
  let contributedTotal = 0n;
  let receivedTotal = 0n;
  for (let i = 0; i < terms.investorCount; i++) {
    const a = amounts[i]!;
    const roll = rng.next();
    if (a.commitment !== null) {
      a.fee = Math.round((a.commitment * a.feeTenths) / 1000);
      a.expenseShare = mulDivRound(terms.expenseReserveCents, a.commitment, commitments);
      const due = dueFor(terms, a.commitment, a.fee, a.expenseShare);
      // Billed in full all the same: only the recorded total lost the fee.
      a.totalDue = feeOmitted.includes(i) ? due - a.fee : due;
      if (a.status === "full") {
        a.contributed = a.commitment;
        a.received = roll < 0.8 ? due : a.commitment;
      } else if (a.status === "partial") {
        a.contributed = Math.round((a.commitment * (partialPercents[i] ?? 50)) / 100);
        a.received = a.contributed;
      } else {
        // A wire that arrived before the contribution was recorded.
        a.received = roll < 0.04 ? a.commitment : 0;
      }
    } else {
      a.status = "none";
    }
    contributedTotal += BigInt(a.contributed);
    receivedTotal += BigInt(a.received);
  }
  const late = lateContribution === null ? 0 : (amounts[lateContribution]?.contributed ?? 0);
  return {
    amounts,
    totals: { commitments, contributed: contributedTotal, received: receivedTotal, lateContribution: late },
  };
}

function dueFor(terms: FundTerms, commitment: number, fee: number, expenseShare: number): number {
  switch (terms.calculationMethod) {
    case "contribution":
      return commitment;
    case "gross":
      return commitment + fee;
    case "investment":
      return commitment + fee + expenseShare;
  }
}
