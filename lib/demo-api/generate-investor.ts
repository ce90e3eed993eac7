// Assembles wire-format investors from the money pass plus each position holder's identity (identity-plan.ts).
import { addDays, formatCents, formatTenths, isoTimestamp } from "./format";
import { generateAmounts } from "./generate-amounts";
import type { FundTerms, InvestorAmounts } from "./fund-terms";
import { email, fullName, personName } from "./people";
import { Rng } from "./prng";
import { positionHolders, type PositionHolder } from "./position-holders";
import { investorIdentity } from "./investor-identity";
import { formatOwnership, ownershipUnits } from "./ownership";
import { toReferenceShape } from "./reference-shape";
import type { DemoInvestor, TeamMember } from "./types";

const TEAM_SIZES = [
  [0, 50],
  [1, 30],
  [2, 15],
  [3, 5],
] as const;
const KYC_STATUSES: readonly string[] = ["verified", "pending"];
// Later than any other contribution: those come within 90 days of invitation plus 60 days (each plus part of a day).
const LATE_CONTRIBUTION_MS = addDays(0, 160) + 37_800_000;

function cents(value: number | null): string | null {
  return value === null ? null : formatCents(value);
}

function teamMembers(rng: Rng): TeamMember[] {
  const count = rng.weighted(TEAM_SIZES);
  const members: TeamMember[] = [];
  for (let i = 0; i < count; i++) {
    const name = personName(rng);
    members.push({ member_name: fullName(name), member_email: email(rng, name.first, name.last) });
  }
  return members;
}

function scaled(rng: Rng, value: number, minPercent: number, maxPercent: number): number {
  return Math.round((value * rng.int(minPercent, maxPercent)) / 100);
}

export function buildInvestor(
  rng: Rng,
  terms: FundTerms,
  a: InvestorAmounts,
  holder: PositionHolder,
  ownership: number | null,
  late: boolean,
): DemoInvestor {
  const id = rng.uuid();
  const { account, contact } = investorIdentity(terms.plan, holder);
  const team = teamMembers(rng);
  const invitedMs = addDays(terms.createdAtMs, rng.int(0, 90)) + rng.int(0, 86_399_999);
  const onTimeMs = addDays(invitedMs, rng.int(1, 60)) + rng.int(0, 86_399_999);
  const contributedAtMs = late ? terms.createdAtMs + LATE_CONTRIBUTION_MS : onTimeMs;
  const carryRoll = rng.next();
  const carryTenths = carryRoll < 0.9 ? terms.carryTenths : carryRoll < 0.95 ? 0 : Math.max(0, terms.carryTenths - 50);
  const distributions = terms.distributing && a.contributed > 0 ? scaled(rng, a.contributed, 5, 150) : 0;
  const nav = a.contributed > 0 ? scaled(rng, a.contributed, 50, 400) : 0;
  const investor: DemoInvestor = {
    id,
    investment_account: account,
    primary_contact: contact,
    team_members: team,
    date_invited: isoTimestamp(invitedMs),
    commitment_amount: cents(a.commitment),
    management_fee_amount: cents(a.fee),
    management_fee_percent: formatTenths(a.feeTenths),
    expense_reserve_amount: cents(a.expenseShare),
    total_capital_due: cents(a.totalDue),
    contributed_amount: formatCents(a.contributed),
    contributed_at: a.contributed > 0 ? isoTimestamp(contributedAtMs) : null,
    total_received: formatCents(a.received),
    unfunded_commitment_amount: a.commitment === null ? null : formatCents(Math.max(0, a.commitment - a.contributed)),
    carry_percent: formatTenths(carryTenths),
    ownership_percent: ownership === null ? null : formatOwnership(ownership),
    life_distributions: rng.chance(0.05) ? null : formatCents(distributions),
    net_asset_value: rng.chance(0.05) ? null : formatCents(nav),
  };
  const quirk = rng.next();
  if (quirk < 0.02) delete investor.team_members;
  else if (quirk < 0.04) delete investor.net_asset_value;
  else if (quirk < 0.05) investor.legacy_crm_id = `CRM-${rng.digits(6)}`;
  else if (quirk < 0.06) investor.kyc = { status: rng.pick(KYC_STATUSES), checked_at: isoTimestamp(invitedMs) };
  return investor;
}

/** Calls `visit` for every investor of the fund, in a stable order, without keeping them. */
export function forEachInvestor(terms: FundTerms, visit: (investor: DemoInvestor, index: number) => void): void {
  const { amounts, totals } = generateAmounts(terms);
  const ownership = ownershipUnits(amounts, totals.commitments);
  const rng = new Rng(terms.peopleSeed);
  const late = terms.plants.lateContribution;
  const { plan } = terms;
  const holderAt = positionHolders(plan, terms.index);
  for (let i = 0; i < amounts.length; i++) {
    const investor = buildInvestor(rng, terms, amounts[i]!, holderAt(i), ownership[i] ?? null, i === late);
    visit(
      terms.shape === "reference"
        ? toReferenceShape(investor, plan.positionStart[terms.index]! + i, plan.seed)
        : investor,
      i,
    );
  }
}

export function generateInvestors(terms: FundTerms): DemoInvestor[] {
  const investors: DemoInvestor[] = [];
  forEachInvestor(terms, (investor) => investors.push(investor));
  return investors;
}
