// Command-line flags of the standalone demo API, parsed into startDemoApi options without side effects.
import { parseArgs } from "node:util";
import {
  FUND_FAULT_KINDS,
  INVESTOR_SHAPES,
  type DemoConfig,
  type FaultyFund,
  type FundFaultKind,
  type InvestorShape,
} from "./config";
import type { FaultPatch } from "./fault-patch";
import type { DemoApiOptions } from "./server";

export const USAGE = `Usage: npm run demo-api -- [options]
  --port N                 listen port (default 4010; 0 = any free port)
  --host H                 listen address (default 127.0.0.1)
  --token T                bearer token to accept (default: random JWT-shaped, printed)
  --seed N                 data seed (default 42)
  --funds N                number of funds (default 24)
  --fund-sizes A,B,...     investor counts of the first funds
  --investors-per-fund N   investor count of every other fund (default random 3-250)
  --cache-mb N             memory budget for serialized investor lists (default 256)
  --prewarm                serialize investor lists at startup, within that budget
  --faulty-funds I:K,...   investor lists of funds at index I always fail; K is error (500),
                           hang or malformed (truncated JSON), e.g. 5:error,7:malformed (default none)
  --shape S                examples (default): investors as the spec's examples show them; reference: the
                           field reference's six top-level account fields, plus nested secrets (kyc,
                           custodian, ein, profile.identifiers.itin; funds: servicing.escrow)
  --latency MS             delay before every answer
  --error-rate R           share of 500/502/503/504 answers (0..1)
  --hang-rate R            share of requests never answered
  --malformed-rate R       share of 200 answers with truncated JSON
  --html-rate R            share of 502 HTML error pages
  --wrong-shape-rate R     share of 200 answers with valid JSON of the wrong shape
  --reset-rate R           share of connections dropped mid-body
  --huge-rate R            share of endless 50 MB bodies
  --reject-token           answer 401 Bad token to everything
  --admin                  enable /__demo/control, /__demo/reset, /__demo/stats and /__demo/planted`;

export class CliError extends Error {}

const RATE_FLAGS = {
  "error-rate": "error5xx",
  "hang-rate": "hang",
  "malformed-rate": "malformed",
  "html-rate": "html",
  "wrong-shape-rate": "wrongShape",
  "reset-rate": "reset",
  "huge-rate": "huge",
} as const;

const string = { type: "string" } as const;
const boolean = { type: "boolean" } as const;
const OPTIONS = {
  port: string,
  host: string,
  token: string,
  seed: string,
  funds: string,
  "fund-sizes": string,
  "investors-per-fund": string,
  "cache-mb": string,
  "faulty-funds": string,
  shape: string,
  latency: string,
  ...Object.fromEntries(Object.keys(RATE_FLAGS).map((flag) => [flag, string])),
  "reject-token": boolean,
  admin: boolean,
  prewarm: boolean,
  help: { type: "boolean", short: "h" },
} as const;

function integer(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text.trim())) throw new CliError(`--${name} must be an integer, got "${text}"`);
  return Number.parseInt(text, 10);
}

function rate(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === "" || !(value >= 0 && value <= 1))
    throw new CliError(`--${name} must be a number between 0 and 1, got "${text}"`);
  return value;
}

function list(text: string): string[] {
  return text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

function faultyFunds(text: string): FaultyFund[] {
  return list(text).map((part) => {
    const match = /^(\d+):(\w+)$/.exec(part);
    const kind = match?.[2] as FundFaultKind | undefined;
    if (match === null || kind === undefined || !FUND_FAULT_KINDS.includes(kind)) {
      throw new CliError(
        `--faulty-funds takes INDEX:KIND pairs with KIND one of ${FUND_FAULT_KINDS.join(", ")}, got "${part}"`,
      );
    }
    return { index: Number.parseInt(match[1]!, 10), kind };
  });
}

/** Parses argv (without node and script); throws CliError on anything it does not understand. */
export function parseCliArgs(argv: readonly string[]): { help: true } | { help: false; options: DemoApiOptions } {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
  const text = (name: string): string | undefined => values[name] as string | undefined;
  if (values.help === true) return { help: true };

  const config: Partial<DemoConfig> = {};
  const seed = integer("seed", text("seed"));
  const funds = integer("funds", text("funds"));
  const perFund = integer("investors-per-fund", text("investors-per-fund"));
  const cacheMb = integer("cache-mb", text("cache-mb"));
  const sizes = text("fund-sizes");
  const faulty = text("faulty-funds");
  if (seed !== undefined) config.seed = seed;
  if (funds !== undefined) config.fundCount = funds;
  if (perFund !== undefined) config.investorsPerFund = perFund;
  if (cacheMb !== undefined) config.cacheBytes = cacheMb * 1024 * 1024;
  if (sizes !== undefined) config.fundSizes = list(sizes).map((part) => integer("fund-sizes", part) ?? 0);
  if (faulty !== undefined) config.faultyFunds = faultyFunds(faulty);
  const shape = text("shape");
  if (shape !== undefined) {
    if (!INVESTOR_SHAPES.includes(shape as InvestorShape))
      throw new CliError(`--shape must be one of ${INVESTOR_SHAPES.join(", ")}, got "${shape}"`);
    config.shape = shape as InvestorShape;
  }

  const faults: FaultPatch = {};
  for (const [flag, key] of Object.entries(RATE_FLAGS)) {
    const value = rate(flag, text(flag));
    if (value !== undefined) faults[key] = value;
  }
  const latency = integer("latency", text("latency"));
  if (latency !== undefined) faults.latencyMs = latency;
  if (values["reject-token"] === true) faults.rejectToken = true;

  const token = text("token");
  return {
    help: false,
    options: {
      ...config,
      host: text("host") ?? "127.0.0.1",
      port: integer("port", text("port")) ?? 4010,
      admin: values.admin === true,
      prewarm: values.prewarm === true,
      faults,
      ...(token === undefined ? {} : { token }),
    },
  };
}
