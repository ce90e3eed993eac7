// Standalone demo API: npm run demo-api -- --port 4010 [--admin] [--token T] [fault flags]
import { parseArgs } from "node:util";
import type { DemoConfig } from "./config";
import type { FaultState } from "./faults";
import { startDemoApi } from "./server";

const USAGE = `Usage: npm run demo-api -- [options]
  --port N                 listen port (default 4010; 0 = any free port)
  --host H                 listen address (default 127.0.0.1)
  --token T                bearer token to accept (default: random JWT-shaped, printed)
  --seed N                 data seed (default 42)
  --funds N                number of funds (default 24)
  --fund-sizes A,B,...     investor counts of the first funds
  --investors-per-fund N   investor count of every other fund (default random 3-250)
  --cache-mb N             memory budget for serialized investor lists (default 256)
  --prewarm                serialize investor lists at startup, within that budget
  --latency MS             delay before every answer
  --error-rate R           share of 500/502/503/504 answers (0..1)
  --hang-rate R            share of requests never answered
  --malformed-rate R       share of 200 answers with truncated JSON
  --html-rate R            share of 502 HTML error pages
  --wrong-shape-rate R     share of 200 answers with valid JSON of the wrong shape
  --reset-rate R           share of connections dropped mid-body
  --huge-rate R            share of endless 50 MB bodies
  --reject-token           answer 401 Bad token to everything
  --admin                  enable /__demo/control, /__demo/reset and /__demo/stats`;

const RATE_FLAGS = {
  "error-rate": "error5xx", "hang-rate": "hang", "malformed-rate": "malformed", "html-rate": "html",
  "wrong-shape-rate": "wrongShape", "reset-rate": "reset", "huge-rate": "huge",
} as const;

function fail(message: string): never {
  process.stderr.write(`demo-api: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function integer(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text.trim())) fail(`--${name} must be an integer, got "${text}"`);
  return Number.parseInt(text, 10);
}

function rate(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === "" || !(value >= 0 && value <= 1)) fail(`--${name} must be a number between 0 and 1, got "${text}"`);
  return value;
}

const string = { type: "string" } as const;
const boolean = { type: "boolean" } as const;
const { values } = (() => {
  try {
    return parseArgs({
      options: {
        port: string, host: string, token: string, seed: string, funds: string, "fund-sizes": string,
        "investors-per-fund": string, "cache-mb": string, latency: string, "error-rate": string,
        "hang-rate": string, "malformed-rate": string, "html-rate": string, "wrong-shape-rate": string,
        "reset-rate": string, "huge-rate": string, "reject-token": boolean, admin: boolean, prewarm: boolean,
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
})();

if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const config: Partial<DemoConfig> = {};
const seed = integer("seed", values.seed);
const funds = integer("funds", values.funds);
const perFund = integer("investors-per-fund", values["investors-per-fund"]);
const cacheMb = integer("cache-mb", values["cache-mb"]);
if (seed !== undefined) config.seed = seed;
if (funds !== undefined) config.fundCount = funds;
if (perFund !== undefined) config.investorsPerFund = perFund;
if (cacheMb !== undefined) config.cacheBytes = cacheMb * 1024 * 1024;
if (values["fund-sizes"] !== undefined) {
  config.fundSizes = values["fund-sizes"].split(",").filter((part) => part.trim() !== "").map((part) => integer("fund-sizes", part) ?? 0);
}

const faults: Partial<FaultState> = {};
for (const [flag, key] of Object.entries(RATE_FLAGS)) {
  const value = rate(flag, values[flag as keyof typeof RATE_FLAGS]);
  if (value !== undefined) faults[key] = value;
}
const latency = integer("latency", values.latency);
if (latency !== undefined) faults.latencyMs = latency;
if (values["reject-token"]) faults.rejectToken = true;

async function main(): Promise<void> {
  const api = await startDemoApi({
    ...config,
    host: values.host ?? "127.0.0.1",
    port: integer("port", values.port) ?? 4010,
    admin: values.admin ?? false,
    prewarm: values.prewarm ?? false,
    faults,
    ...(values.token === undefined ? {} : { token: values.token }),
  });
  const investors = api.store.totalInvestors.toLocaleString("en-US");
  process.stdout.write(`demo Customer API listening on ${api.url} (${api.store.funds.length} funds, ${investors} investors)\n`);
  if (api.tokenGenerated) process.stdout.write(`token: ${api.token}\n`);
  const stop = (): void => {
    api.close().then(() => process.exit(0), () => process.exit(1));
    // Open keep-alive or streaming sockets must not hold the process past a second signal's patience.
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
