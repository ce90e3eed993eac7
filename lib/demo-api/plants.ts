// Picks where the books deliberately do not tie out: three different funds past the first three, small ones first.
import type { DemoConfig } from "./config";
import type { FundPlants, FundTerms, InvestorAmounts } from "./fund-terms";

/** What choosing needs of a fund, gathered during the startup amounts pass. */
export interface PlantCandidate {
  terms: FundTerms;
  /** First positions with a management fee above zero, at most FEE_OMITTED of them. */
  feePositions: number[];
  /** Last position with a contribution, or null. */
  lastContribution: number | null;
}

export const FEE_OMITTED = 4;
/** Funds this small never become e2e's "medium fund" (the smallest listing 30 to 300), even counted one over. */
const SMALL_FUND = 28;
/** The first funds are the ones tests and people look at first: they tie out. */
const FIRST_PLANTED_INDEX = 3;

export function plantCandidate(terms: FundTerms, amounts: readonly InvestorAmounts[]): PlantCandidate {
  const feePositions: number[] = [];
  let lastContribution: number | null = null;
  // The family office pair is oddity enough for one record.
  const seats = terms.plan.familyOffice.filter((seat) => seat.fund === terms.index).map((seat) => seat.position);
  amounts.forEach((a, i) => {
    if (seats.includes(i)) return;
    if (a.fee !== null && a.fee > 0 && feePositions.length < FEE_OMITTED) feePositions.push(i);
    if (a.contributed > 0) lastContribution = i;
  });
  return { terms, feePositions, lastContribution };
}

/** Fund index → its planted differences; faulty funds are skipped so every difference can be seen. */
export function choosePlants(config: DemoConfig, candidates: readonly PlantCandidate[]): Map<number, FundPlants> {
  const faulty = new Set(config.faultyFunds.map((fund) => fund.index));
  const eligible = candidates.filter(
    ({ terms }) => terms.index >= FIRST_PLANTED_INDEX && terms.investorCount > 0 && !faulty.has(terms.index),
  );
  const ordered = [
    ...eligible.filter(({ terms }) => terms.investorCount <= SMALL_FUND),
    ...eligible.filter(({ terms }) => terms.investorCount > SMALL_FUND),
  ];
  const plants = new Map<number, FundPlants>();
  const plant = (
    test: (candidate: PlantCandidate) => boolean,
    make: (candidate: PlantCandidate) => Partial<FundPlants>,
  ): void => {
    const chosen = ordered.find((candidate) => !plants.has(candidate.terms.index) && test(candidate));
    if (chosen !== undefined)
      plants.set(chosen.terms.index, { feeOmitted: [], lateContribution: null, uncounted: false, ...make(chosen) });
  };
  plant(
    (c) => c.terms.calculationMethod !== "contribution" && c.feePositions.length >= FEE_OMITTED,
    (c) => ({ feeOmitted: c.feePositions }),
  );
  plant(
    (c) => c.lastContribution !== null,
    (c) => ({ lateContribution: c.lastContribution }),
  );
  plant(
    () => true,
    () => ({ uncounted: true }),
  );
  return plants;
}
