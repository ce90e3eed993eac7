// Demo data configuration: what to generate, independent of how it is served.

export const FUND_FAULT_KINDS = ["error", "hang", "malformed", "gone"] as const;
/**
 * error: 500 JSON; hang: never answered; malformed: 200 with the list's JSON cut in half; gone: the token no longer
 * sees the fund (left out of the funds list, 404 "Fund not available" for it and its investors).
 */
export type FundFaultKind = (typeof FUND_FAULT_KINDS)[number];

/** A fund (by position in the fund list) whose investor list always fails. */
export interface FaultyFund {
  index: number;
  kind: FundFaultKind;
}

/**
 * examples: investors as the spec's response examples show them. reference: as its field reference lists them (six
 * account fields at the top level), plus unknown nested objects full of secrets for masking tests.
 */
export const INVESTOR_SHAPES = ["examples", "reference"] as const;
export type InvestorShape = (typeof INVESTOR_SHAPES)[number];

export interface DemoConfig {
  /** Global seed; every fund derives its own seed from it and its index. */
  seed: number;
  fundCount: number;
  /** Investor counts of the first funds, in order (e.g. [100, 10000, 50000]). */
  fundSizes: readonly number[];
  /** Investor count of every fund not covered by fundSizes; absent → random 3–250 per fund. */
  investorsPerFund?: number;
  /** Budget of the LRU holding serialized investor lists, in bytes. */
  cacheBytes: number;
  /** Funds whose investor lists fail from the start; the admin control can change them later. */
  faultyFunds: readonly FaultyFund[];
  shape: InvestorShape;
}

/** Index 1 is the large fund and index 2 the empty one, so both exist in the default demo. */
export const DEFAULT_FUND_SIZES: readonly number[] = [42, 2400, 0];
export const DEFAULT_CACHE_BYTES = 256 * 1024 * 1024;
const MAX_FUNDS = 100_000;
const MAX_INVESTORS_PER_FUND = 1_000_000;

/** Small funds of the default seed (4 and 7 investors), past the first three that tests and the dashboard lean on. */
export const DEFAULT_FAULTY_FUNDS: readonly FaultyFund[] = [
  { index: 16, kind: "error" },
  { index: 20, kind: "malformed" },
];

/** The embedded demo's config: people trying it see two funds whose investor lists fail. */
export function defaultDemoConfig(): DemoConfig {
  return {
    seed: 42,
    fundCount: 24,
    fundSizes: DEFAULT_FUND_SIZES,
    cacheBytes: DEFAULT_CACHE_BYTES,
    faultyFunds: DEFAULT_FAULTY_FUNDS,
    shape: "examples",
  };
}

/**
 * Fills a partial config from the defaults. The default fundSizes only apply when neither
 * fundSizes nor investorsPerFund is given, so "--investors-per-fund 20000" means every fund.
 * faultyFunds defaults to none: only defaultDemoConfig() asks for failing funds.
 */
export function resolveDemoConfig(partial: Partial<DemoConfig> = {}): DemoConfig {
  const base = defaultDemoConfig();
  const fundSizes = partial.fundSizes ?? (partial.investorsPerFund === undefined ? base.fundSizes : []);
  const config: DemoConfig = {
    seed: partial.seed ?? base.seed,
    fundCount: Math.max(partial.fundCount ?? base.fundCount, fundSizes.length),
    fundSizes: [...fundSizes],
    cacheBytes: partial.cacheBytes ?? base.cacheBytes,
    faultyFunds: (partial.faultyFunds ?? []).map((fund) => ({ ...fund })),
    shape: partial.shape ?? base.shape,
  };
  if (partial.investorsPerFund !== undefined) config.investorsPerFund = partial.investorsPerFund;
  validateConfig(config);
  return config;
}

function checkInt(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`demo-api: ${name} must be an integer in [${min}, ${max}], got ${value}`);
  }
}

function validateConfig(config: DemoConfig): void {
  checkInt("seed", config.seed, -0x80000000, 0xffffffff);
  checkInt("fundCount", config.fundCount, 0, MAX_FUNDS);
  config.fundSizes.forEach((size, i) => checkInt(`fundSizes[${i}]`, size, 0, MAX_INVESTORS_PER_FUND));
  if (config.investorsPerFund !== undefined) {
    checkInt("investorsPerFund", config.investorsPerFund, 0, MAX_INVESTORS_PER_FUND);
  }
  checkInt("cacheBytes", config.cacheBytes, 0, Number.MAX_SAFE_INTEGER);
  if (!INVESTOR_SHAPES.includes(config.shape))
    throw new RangeError(`demo-api: shape must be one of ${INVESTOR_SHAPES.join(", ")}`);
  const seen = new Set<number>();
  config.faultyFunds.forEach(({ index, kind }, i) => {
    checkInt(`faultyFunds[${i}].index`, index, 0, config.fundCount - 1);
    if (!FUND_FAULT_KINDS.includes(kind))
      throw new RangeError(`demo-api: faultyFunds[${i}].kind must be one of ${FUND_FAULT_KINDS.join(", ")}`);
    if (seen.has(index)) throw new RangeError(`demo-api: fund ${index} is listed twice in faultyFunds`);
    seen.add(index);
  });
}
