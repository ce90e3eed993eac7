// One fund's terms and wire object; aggregates are filled in later from its investors.
import type { DemoConfig } from "./config";
import { addDays, formatCents, formatTenths, isoDate, isoTimestamp } from "./format";
import { accountNumber, ein, routingNumber } from "./people";
import { Rng, hashSeed } from "./prng";
import type { CalculationMethod, DemoFund, FundBank, FundLegalEntity } from "./types";
import {
  COMPANY_SUFFIXES,
  COMPANY_WORDS,
  ORGANIZATIONS,
  ROUND_TYPES,
  SECURITY_TYPES,
  US_BANKS,
  US_STATES_OF_FORMATION,
} from "./words";
import { dealDescription } from "./deal-description";
import { NO_PLANTS, type AmountTotals, type FundBase, type FundTerms } from "./fund-terms";

/** Feature slots: each quirk lands on one fixed fund so it exists whatever the fund count. */
const SLOT_HTML_DESCRIPTION = 3;
const SLOT_HUGE_TARGET = 4;
const SLOT_EXTRA_FIELDS = 5;
const METHODS: readonly CalculationMethod[] = ["contribution", "gross", "investment"];
const START_MS = Date.UTC(2019, 0, 1);
const SPAN_MS = Date.UTC(2025, 5, 30) - START_MS;
const ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"] as const;
const LATER_DUE_MS = Date.UTC(2028, 0, 1);

export function fundInvestorCount(config: DemoConfig, index: number, rng: Rng): number {
  // Always draw, so the fund's other fields do not depend on whether its size was explicit.
  const random = 3 + Math.floor(247 * rng.next() ** 2);
  return config.fundSizes[index] ?? config.investorsPerFund ?? random;
}

function isSlot(config: DemoConfig, index: number, slot: number): boolean {
  return config.fundCount > 0 && index === slot % config.fundCount;
}

function maybeDateOnly(rng: Rng, ms: number): string {
  return rng.chance(0.4) ? isoDate(ms) : isoTimestamp(ms);
}

export function generateFund(config: DemoConfig, index: number): { fund: DemoFund; terms: FundBase } {
  const rng = new Rng(hashSeed(config.seed, index, 1));
  const id = rng.uuid();
  const investorCount = fundInvestorCount(config, index, rng);
  const multiAsset = rng.chance(0.2);
  const org = rng.weighted<string>(ORGANIZATIONS.map((name, i) => [name, [5, 3, 2][i] ?? 1] as const));
  const company = `${rng.pick(COMPANY_WORDS)} ${rng.pick(COMPANY_SUFFIXES)}`;
  const round = rng.pick(ROUND_TYPES);
  const createdAtMs = START_MS + Math.floor(rng.next() * SPAN_MS);
  const signByMs = addDays(createdAtMs, rng.int(14, 45));
  const method = METHODS[index % METHODS.length]!;
  const feeTenths = rng.pick([20, 20, 20, 25, 15, 10, 0, 30]);
  const carryTenths = rng.pick([200, 200, 200, 150, 250, 100, 0, 175, 300]);
  const minimumCents = rng.pick([1000, 2500, 5000, 10000, 25000, 50000]) * 100;
  const expenseReserveCents = rng.int(25, multiAsset ? 5000 : 500) * 10_000 + (rng.chance(0.1) ? rng.int(1, 99) : 0);
  const legalEntity = fundLegalEntity(rng, index, org, multiAsset ? null : company, round, createdAtMs);

  const targetCents = multiAsset ? rng.int(10, 250) * 100_000_000 : rng.int(50, 2000) * 500_000;
  const fund: DemoFund = {
    id,
    bank: fundBank(rng, legalEntity.legal_name),
    calculation_method: method,
    capital_due_date: rng.chance(0.06) ? null : maybeDateOnly(rng, addDays(signByMs, rng.int(0, 14))),
    carry_percent: formatTenths(carryTenths),
    created_at: isoTimestamp(createdAtMs),
    deal_description: dealDescription(rng, company, round, isSlot(config, index, SLOT_HTML_DESCRIPTION)),
    expense_reserve: formatCents(expenseReserveCents),
    investor_count: investorCount,
    legal_entity: legalEntity,
    management_fee_percent: index % 4 === 1 && feeTenths % 10 === 0 ? feeTenths / 10 : formatTenths(feeTenths),
    minimum_investment: formatCents(minimumCents),
    organization_name: org,
    portfolio_company_legal_name: multiAsset ? null : `${company}, Inc.`,
    round_type: multiAsset ? null : round,
    security_type: multiAsset ? (rng.chance(0.5) ? null : "LLC Units") : rng.pick(SECURITY_TYPES),
    sign_by_date: maybeDateOnly(rng, signByMs),
    target_size: isSlot(config, index, SLOT_HUGE_TARGET) ? "12345678901234567.89" : formatCents(targetCents),
    total_commitments: "0.00",
    total_contributed: "0.00",
    total_received: "0.00",
  };
  fund.capital_due_date = laterDueDate(config, index, fund.capital_due_date);
  if (rng.chance(0.05)) delete fund.sign_by_date;
  if (rng.chance(0.05)) delete fund.deal_description;
  if (isSlot(config, index, SLOT_EXTRA_FIELDS)) {
    fund.external_ref = `NW-${new Date(createdAtMs).getUTCFullYear()}-${String(index).padStart(4, "0")}`;
    fund.custom_fields = {
      sector: company.split(" ")[1] ?? "Other",
      lead_investor: `${org} Lead`,
      internal_rating: 4,
      tags: ["priority", "q3"],
    };
  }
  const terms: FundBase = {
    index,
    id,
    investorCount,
    calculationMethod: method,
    feeTenths,
    carryTenths,
    minimumCents,
    expenseReserveCents,
    createdAtMs,
    distributing: rng.chance(0.3),
    targetPercent: isSlot(config, index, SLOT_HUGE_TARGET)
      ? null
      : rng.chance(0.1)
        ? rng.int(80, 99)
        : rng.int(100, 150),
    amountsSeed: hashSeed(config.seed, index, 2),
    peopleSeed: hashSeed(config.seed, index, 3),
    plants: NO_PLANTS,
    shape: config.shape,
  };
  return { fund, terms };
}

/**
 * Moves about a third of the capital calls to 2028–2030, so the demo has calls long overdue and calls
 * not yet due; its own stream, so the fund's other fields do not depend on it.
 */
function laterDueDate(config: DemoConfig, index: number, due: string | null | undefined): string | null | undefined {
  const rng = new Rng(hashSeed(config.seed, index, 8));
  if (due === null || due === undefined || !rng.chance(0.3)) return due;
  const ms = addDays(LATER_DUE_MS, rng.int(0, 3 * 365 - 1)) + rng.int(0, 86_399_999);
  return due.length === 10 ? isoDate(ms) : isoTimestamp(ms);
}

function fundLegalEntity(
  rng: Rng,
  index: number,
  org: string,
  company: string | null,
  round: string,
  createdAtMs: number,
): FundLegalEntity {
  const type =
    company === null
      ? "partnership"
      : rng.weighted([
          ["LLC", 8],
          ["partnership", 1],
          ["corporation", 1],
        ] as const);
  const base = company === null ? `${org} Fund ${ROMAN[index % ROMAN.length]!}` : `${company} ${round} SPV`;
  const suffix = type === "LLC" ? `, a series of ${org} SPVs, LLC` : type === "partnership" ? ", L.P." : ", Inc.";
  const entity: FundLegalEntity = {
    display_name: index % 5 === 2 || rng.chance(0.05) ? null : base,
    legal_name: `${base}${suffix}`,
    formation_date: maybeDateOnly(rng, addDays(createdAtMs, -rng.int(0, 30))),
    formation_state: rng.pick(US_STATES_OF_FORMATION),
    tax_id: ein(rng),
    tax_id_type: "EIN",
    type,
  };
  if (rng.chance(0.04)) delete entity.formation_state;
  if (rng.chance(0.04)) entity.formation_date = null;
  return entity;
}

function fundBank(rng: Rng, legalName: string): FundBank {
  const [name, swift] = rng.pick(US_BANKS);
  const bank: FundBank = {
    account_name: legalName,
    account_number: accountNumber(rng),
    additional_instructions: rng.chance(0.3)
      ? null
      : `Reference ${legalName.split(",")[0]} and the investor's legal name.`,
    name,
    routing_number: routingNumber(rng),
    swift_code: rng.chance(0.4) ? null : swift,
  };
  if (rng.chance(0.05)) delete bank.swift_code;
  return bank;
}

/** Writes the aggregates (with the fund's planted differences), and sizes the target around what investors committed. */
export function finalizeFund(fund: DemoFund, terms: FundTerms, totals: AmountTotals): void {
  fund.investor_count = terms.investorCount + (terms.plants.uncounted ? 1 : 0);
  fund.total_commitments = formatCents(totals.commitments);
  fund.total_contributed = formatCents(totals.contributed - BigInt(totals.lateContribution));
  fund.total_received = formatCents(totals.received);
  if (terms.targetPercent !== null && totals.commitments > 0n) {
    const step = 500_000n;
    const raw = (totals.commitments * BigInt(terms.targetPercent)) / 100n;
    fund.target_size = formatCents(((raw + step - 1n) / step) * step);
  }
}
