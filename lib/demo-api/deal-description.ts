// Plain-text deal descriptions; one deliberately carries markup that pages must escape.
import type { Rng } from "./prng";

const HOOKS = [
  "is building the operating system for mid-size logistics fleets",
  "sells software that helps clinics cut claim denials by half",
  "makes low-cost sensors for grid-scale battery storage",
  "runs a marketplace for specialty industrial materials",
  "develops models that forecast crop yields for insurers",
  "offers payroll and compliance tooling for small restaurants",
] as const;

const TERMS = [
  "The round is led by a top-tier institutional investor with pro rata rights for existing holders.",
  "Terms: $20M post-money valuation cap, 20% discount, MFN provision.",
  "The company has 18 months of runway after this raise & plans to double R&D headcount.",
  "Revenue grew 3.2x year over year; gross margin is 71%.",
] as const;

export function dealDescription(rng: Rng, company: string, round: string, withMarkup: boolean): string | null {
  if (withMarkup) {
    return `${company} <b>bold</b> claims "100% growth" & more.\n\n<script>alert(1)</script>\n\nPlain text only: tags above must render literally.`;
  }
  if (rng.chance(0.05)) return null;
  if (rng.chance(0.04)) return "";
  const first = `${company} ${rng.pick(HOOKS)}. This SPV invests in its ${round} round.`;
  const second = rng.pick(TERMS);
  return rng.chance(0.5) ? `${first}\n\n${second}` : `${first} ${second}`;
}
