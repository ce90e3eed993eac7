// Funds generated eagerly (exact sums, planted differences aside); investor lists made on demand behind an LRU.
import Big from "big.js";
import { resolveDemoConfig, type DemoConfig } from "./config";
import { generateAmounts } from "./generate-amounts";
import type { FundPlants, FundTerms } from "./fund-terms";
import { finalizeFund, generateFund } from "./generate-fund";
import { forEachInvestor, generateInvestors } from "./generate-investor";
import { planIdentities, type IdentityPlan } from "./identity-plan";
import { ByteLru } from "./lru";
import { choosePlants, plantCandidate } from "./plants";
import { withFundSecrets } from "./reference-shape";
import type { DemoFund, DemoInvestor } from "./types";

/** A fund's investors serialized once: the list body plus byte ranges of each investor in it. */
export interface InvestorPage {
  body: Buffer;
  /** investor id → [start, end) byte offsets inside body. */
  ranges: Map<string, readonly [number, number]>;
}

export interface DemoStore {
  readonly config: DemoConfig;
  readonly funds: readonly DemoFund[];
  readonly totalInvestors: number;
  /** Milliseconds spent generating funds and their aggregates at startup. */
  readonly startupMs: number;
  /** Serialized GET /customerapi/funds body. */
  readonly fundsBody: Buffer;
  /** Who holds each position of every fund (sharedIdentities() and familyOfficePair() read it). */
  readonly identityPlan: IdentityPlan;
  /** Fund index → where its books deliberately do not tie out (plantedDifferences() spells it out). */
  readonly plants: ReadonlyMap<number, FundPlants>;
  getFund(fundId: string): DemoFund | undefined;
  fundBody(fundId: string): Buffer | undefined;
  investorPage(fundId: string): InvestorPage | undefined;
  /** Freshly generated investor objects (not cached); undefined for an unknown fund. */
  listInvestors(fundId: string): DemoInvestor[] | undefined;
  getInvestor(fundId: string, investorId: string): DemoInvestor | undefined;
  /** The investor at a position of a fund's list, from the cached page. */
  investorAt(fundId: string, position: number): DemoInvestor | undefined;
  cacheStats(): { entries: number; bytes: number };
  /** Serializes funds in order while the cache budget allows; returns how many were warmed. */
  prewarm(): number;
  /** Adds `amount` to one investor's amount field from now on (tests of what changed between reads); the new value. */
  bump(change: Bump): string;
}

/** An amount added to one investor's field: the admin control `{"bump": {fundId, investorId, field, amount}}`. */
export interface Bump {
  fundId: string;
  investorId: string;
  field: string;
  amount: string;
}

const decimals = (value: string) => (value.includes(".") ? value.length - value.indexOf(".") - 1 : 0);

const ESTIMATED_INVESTOR_BYTES = 1500;
const OPEN = 0x5b;
const COMMA = 0x2c;
const CLOSE = 0x5d;

/** Serializes straight into one growing buffer, recording each investor's byte range. */
export function serializeInvestors(terms: FundTerms, adjust?: (investor: DemoInvestor) => void): InvestorPage {
  let buffer = Buffer.allocUnsafe(Math.max(1024, terms.investorCount * ESTIMATED_INVESTOR_BYTES));
  const ranges = new Map<string, readonly [number, number]>();
  let position = 0;
  buffer[position++] = OPEN;
  forEachInvestor(terms, (investor, index) => {
    adjust?.(investor);
    const json = JSON.stringify(investor);
    // UTF-8 needs at most 3 bytes per UTF-16 unit; grow before writing so nothing is truncated.
    if (position + json.length * 3 + 2 > buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(buffer.length * 2, position + json.length * 3 + 2));
      buffer.copy(grown, 0, 0, position);
      buffer = grown;
    }
    if (index > 0) buffer[position++] = COMMA;
    const start = position;
    position += buffer.write(json, position, "utf8");
    ranges.set(investor.id, [start, position]);
  });
  buffer[position++] = CLOSE;
  // Copy into an exactly sized buffer so the slack is not kept alive by the cache.
  return { body: Buffer.from(buffer.subarray(0, position)), ranges };
}

function parseRange(page: InvestorPage, [start, end]: readonly [number, number]): DemoInvestor {
  return JSON.parse(page.body.subarray(start, end).toString("utf8")) as DemoInvestor;
}

export function createDemoStore(partial: Partial<DemoConfig> = {}): DemoStore {
  const config = resolveDemoConfig(partial);
  const started = performance.now();
  const bases = Array.from({ length: config.fundCount }, (_, index) => generateFund(config, index));
  const identityPlan = planIdentities(
    config.seed,
    bases.map(({ terms }) => terms.investorCount),
  );
  const generated = bases.map(({ fund, terms }) => ({ fund, terms: { ...terms, plan: identityPlan } }));
  const candidates = generated.map(({ terms }) => {
    const { amounts, totals } = generateAmounts(terms);
    return { candidate: plantCandidate(terms, amounts), totals };
  });
  const plants = choosePlants(
    config,
    candidates.map(({ candidate }) => candidate),
  );
  const funds: DemoFund[] = [];
  const terms = new Map<string, FundTerms>();
  const fundBodies = new Map<string, Buffer>();
  let totalInvestors = 0;
  for (const [index, { fund, terms: fundTerms }] of generated.entries()) {
    const planted = plants.get(index);
    if (planted !== undefined) fundTerms.plants = planted;
    const { totals } = planted === undefined ? candidates[index]! : generateAmounts(fundTerms);
    finalizeFund(fund, fundTerms, totals);
    if (config.shape === "reference") withFundSecrets(fund, identityPlan.totalPositions + index, config.seed);
    funds.push(fund);
    terms.set(fund.id, fundTerms);
    fundBodies.set(fund.id, Buffer.from(JSON.stringify(fund)));
    totalInvestors += fundTerms.investorCount;
  }
  const fundsBody = Buffer.from(JSON.stringify(funds));
  const startupMs = performance.now() - started;
  const cache = new ByteLru<InvestorPage>(config.cacheBytes);
  // fund id → investor id → field → amount added: data the admin changed, applied whenever a list is made.
  const bumps = new Map<string, Map<string, Map<string, Big>>>();

  function adjusted(fundId: string) {
    const forFund = bumps.get(fundId);
    if (forFund === undefined) return undefined;
    return (investor: DemoInvestor) => {
      const record = investor as unknown as Record<string, unknown>;
      for (const [field, amount] of forFund.get(investor.id) ?? []) {
        const current = String(record[field]);
        record[field] = new Big(current).plus(amount).toFixed(Math.max(decimals(current), decimals(amount.toString())));
      }
    };
  }

  function investorPage(fundId: string): InvestorPage | undefined {
    const fundTerms = terms.get(fundId);
    if (fundTerms === undefined) return undefined;
    const cached = cache.get(fundId);
    if (cached !== undefined) return cached;
    const page = serializeInvestors(fundTerms, adjusted(fundId));
    // Rough cost of the id map besides the body itself.
    cache.set(fundId, page, page.body.length + page.ranges.size * 120);
    return page;
  }

  return {
    config,
    funds,
    totalInvestors,
    startupMs,
    fundsBody,
    identityPlan,
    plants,
    getFund: (fundId) => (terms.has(fundId) ? funds[terms.get(fundId)!.index] : undefined),
    fundBody: (fundId) => fundBodies.get(fundId),
    investorPage,
    listInvestors(fundId) {
      const fundTerms = terms.get(fundId);
      return fundTerms === undefined ? undefined : generateInvestors(fundTerms);
    },
    getInvestor(fundId, investorId) {
      const page = investorPage(fundId);
      const range = page?.ranges.get(investorId);
      return page === undefined || range === undefined ? undefined : parseRange(page, range);
    },
    investorAt(fundId, position) {
      const page = investorPage(fundId);
      if (page === undefined || position < 0 || position >= page.ranges.size) return undefined;
      // Map order is list order: ranges were recorded while serializing.
      let seen = 0;
      for (const range of page.ranges.values()) if (seen++ === position) return parseRange(page, range);
      return undefined;
    },
    cacheStats: () => ({ entries: cache.size, bytes: cache.bytes }),
    bump({ fundId, investorId, field, amount }) {
      const page = investorPage(fundId);
      const range = page?.ranges.get(investorId);
      if (page === undefined || range === undefined) throw new TypeError(`bump: unknown investor "${investorId}"`);
      const current = (parseRange(page, range) as unknown as Record<string, unknown>)[field];
      if (typeof current !== "string" || !/^-?\d+(\.\d+)?$/.test(current))
        throw new TypeError(`bump: ${field} is not an amount`);
      const forFund = bumps.get(fundId) ?? new Map<string, Map<string, Big>>();
      const forInvestor = forFund.get(investorId) ?? new Map<string, Big>();
      forInvestor.set(field, (forInvestor.get(field) ?? new Big(0)).plus(amount));
      forFund.set(investorId, forInvestor);
      bumps.set(fundId, forFund);
      cache.delete(fundId);
      return String((this.getInvestor(fundId, investorId) as unknown as Record<string, unknown>)[field]);
    },
    prewarm() {
      let warmed = 0;
      for (const fund of funds) {
        // Estimate first: warming must never evict a fund it warmed a moment ago.
        if (cache.bytes + fund.investor_count * ESTIMATED_INVESTOR_BYTES > config.cacheBytes) break;
        investorPage(fund.id);
        warmed++;
      }
      return warmed;
    },
  };
}
