import "server-only";
import { z } from "zod";
import { noteUpstreamStatus } from "../http/request-context";
import { processWide } from "../server/process-wide";
import { createCustomerApiClient, type CustomerApiClient } from "./client";
import type { Collected, ListCollector } from "./list-collector";
import { findSecret, maskSecrets, type SecretField } from "./mask";
import type { Investor } from "./schemas";
import { sourceConfigs } from "./sources";
import { getUpstream } from "./upstream";

export { CustomerApiError } from "./errors";
export type { Collected, ListCollector } from "./list-collector";
export { intoArray } from "./list-collector";
export type { SecretField } from "./mask";
export type { Fund, Investor } from "./schemas";

async function createClient(source: string, day?: string): Promise<CustomerApiClient> {
  const { baseUrl, token, env } = await getUpstream(source);
  return createCustomerApiClient({
    // A day of the embedded demo's past is read at its own prefix, through the same client (zod, masking).
    baseUrl: day ? `${baseUrl}/__past/${day}` : baseUrl,
    token,
    timeoutMs: env.CUSTOMER_API_TIMEOUT_MS,
    deadlineMs: env.CUSTOMER_API_DEADLINE_MS,
    retries: env.CUSTOMER_API_RETRIES,
    maxBodyBytes: env.CUSTOMER_API_MAX_BODY_MB * 1_048_576,
    breaker: { threshold: env.CUSTOMER_API_BREAKER_THRESHOLD, cooldownMs: env.CUSTOMER_API_BREAKER_COOLDOWN_MS },
    onUpstreamStatus: noteUpstreamStatus,
  });
}

/** The one client of each source in the process (its breaker and in-flight sharing span every bundle). */
function client(source: string): Promise<CustomerApiClient> {
  return processWide(`customer-api-client:${source}`, () => createClient(source));
}

export interface ReadOptions {
  /** Full tax ids and account numbers: only for an export the person explicitly asked to include them in. */
  sensitive?: boolean;
}

export interface CollectOptions<D> extends ReadOptions {
  /**
   * Worked out from each record before it is masked, and handed to the collector beside it: how the directory
   * matches investors by a keyed hash of their tax id without the tax id itself ever leaving this folder.
   */
  derive?: (unmasked: Investor) => D;
}

// Records are masked as they leave this folder: every secret key at any depth, unless a caller asks otherwise.
// Each takes the source to read: the name of one of the configured sources (sources.ts).
export async function listFunds(source: string, options: ReadOptions = {}) {
  const funds = await (await client(source)).listFunds();
  return options.sensitive ? funds : funds.map(maskSecrets);
}

export async function getFund(source: string, fundId: string) {
  return maskSecrets(await (await client(source)).getFund(fundId));
}

export async function listInvestors(source: string, fundId: string, options: ReadOptions = {}) {
  return (await client(source)).listInvestors(fundId, { masked: !options.sensitive });
}

/**
 * The fund's investors handed one by one, masked, to a collector as the list is read, so only what the collector
 * keeps stays in memory (an export keeps its CSV bytes, not the records); with the list's digest.
 */
export async function collectInvestors<R, D = undefined>(
  source: string,
  fundId: string,
  collect: () => ListCollector<Investor, R, D>,
  options: CollectOptions<D> = {},
): Promise<Collected<R>> {
  return collectFrom(await client(source), fundId, collect, options);
}

async function collectFrom<R, D>(
  from: CustomerApiClient,
  fundId: string,
  collect: () => ListCollector<Investor, R, D>,
  options: CollectOptions<D>,
): Promise<Collected<R>> {
  const derive = options.derive ?? (() => undefined as D);
  const shown = options.sensitive ? (investor: Investor) => investor : (investor: Investor) => maskSecrets(investor);
  return from.collectInvestors(fundId, () => {
    const collector = collect();
    return { add: (investor) => collector.add(shown(investor), derive(investor)), done: () => collector.done() };
  });
}

export async function getInvestor(source: string, fundId: string, investorId: string) {
  return maskSecrets(await (await client(source)).getInvestor(fundId, investorId));
}

/** One full secret of a fund, wherever the record carries it: only for the audited reveal route. */
export async function getFundSecret(source: string, fundId: string, field: SecretField) {
  return findSecret(await (await client(source)).getFund(fundId), "fund", field);
}

/** One full secret of an investor, wherever the record carries it: only for the audited reveal route. */
export async function getInvestorSecret(source: string, fundId: string, investorId: string, field: SecretField) {
  return findSecret(await (await client(source)).getInvestor(fundId, investorId), "investor", field);
}

/** True when no upstream is configured and the embedded demo API serves the data. */
export function isDemoMode(): boolean {
  return sourceConfigs().every((source) => source.kind === "demo");
}

const pastIndexSchema = z.object({
  days: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
  changed: z.record(z.string(), z.array(z.string())),
});
export type DemoPastIndex = z.infer<typeof pastIndexSchema>;

/** The embedded demo's past: its read days and the funds changed on each; null for a real upstream (never asked). */
export async function demoPastIndex(source: string): Promise<DemoPastIndex | null> {
  const { mode, baseUrl, token } = await getUpstream(source);
  if (mode !== "demo") return null;
  const response = await fetch(`${baseUrl}/__past`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) return null;
  return pastIndexSchema.parse(await response.json());
}

async function pastClient(source: string, day: string): Promise<CustomerApiClient> {
  if ((await getUpstream(source)).mode !== "demo") throw new Error("Only the embedded demo has a past to read.");
  return createClient(source, day);
}

/** The embedded demo's funds as of a past day, masked. */
export async function listFundsAsOf(source: string, day: string) {
  return (await (await pastClient(source, day)).listFunds()).map(maskSecrets);
}

/** The embedded demo's investors of a fund as of a past day, handed one by one, masked, as collectInvestors does. */
export async function collectInvestorsAsOf<R, D = undefined>(
  source: string,
  fundId: string,
  day: string,
  collect: () => ListCollector<Investor, R, D>,
  options: CollectOptions<D> = {},
): Promise<Collected<R>> {
  return collectFrom(await pastClient(source, day), fundId, collect, options);
}
