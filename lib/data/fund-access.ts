import "server-only";
import { can } from "../access/policy";
import type { FundResource } from "../access/types";
import * as api from "../customer-api";
import { CustomerApiError, messages } from "../customer-api/errors";
import { Forbidden } from "../http/errors";
import { oncePerRequest } from "../http/request-context";
import { processWide } from "../server/process-wide";
import { listedFund, listedLive, noteFund, noteFundsList, organizationOf, unlistFund } from "./catalog";
import { seedCatalog } from "./catalog-seed";
import type { Principal } from "./principal";
import { fingerprintOf, refOf, refParts, sourcesOf, storeKeyOf } from "./sources";

// The one gate of every read of one fund: where it comes from, whether its source's token lists it, and what the
// policy says of this person and this action on it. Out of scope answers exactly as a fund that does not exist.

export type FundAction =
  "fund.read" | "export.masked" | "secret.reveal" | "export.sensitive" | "note.read" | "note.write";

export const refusals: Record<FundAction, string> = {
  "fund.read": "Your role does not allow browsing this fund.",
  "note.read": "Your role does not allow reading notes.",
  "note.write": "Your role does not allow writing notes: viewers read them.",
  "export.masked": "Your role does not allow downloading this file.",
  "secret.reveal": "Your role does not allow revealing tax ids and account numbers.",
  "export.sensitive": "Your role does not allow files with full tax ids and account numbers.",
};

/** A fund gate's answer: the fund's canonical ref, its source and upstream id, and the key its reads are kept under. */
export interface FundAccess {
  ref: string;
  source: string;
  fundId: string;
  resource: FundResource;
  storeKey: string;
}

/** The same answer as the upstream's for a fund that does not exist: for a fund outside the person's scope too. */
export function unknownFund(): CustomerApiError {
  return new CustomerApiError("fund_not_found", messages.fundNotFound, 404);
}

const goneListeners = () => processWide("fund-gone-listeners", () => new Map<string, (ref: string) => void>());

/** Calls `listener` with each fund a live read found gone (404): what was kept of it stops being served at once. */
export function onFundGone(name: string, listener: (ref: string) => void): void {
  goneListeners().set(name, listener);
}

/** Passes a live read of one fund's data through, noting a 404: the fund is gone, and what was kept stops serving. */
export async function unlessGone<T>(source: string, fundId: string, read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof CustomerApiError && error.kind === "fund_not_found") {
      unlistFund(source, fundId);
      for (const listener of goneListeners().values()) listener(refOf(source, fundId));
    }
    throw error;
  }
}

/** A live read of a fund's own record: listed from now on, with the organization it names now (or gone). */
export async function noted<T extends { id: string }>(source: string, fundId: string, read: Promise<T>): Promise<T> {
  const fund = await unlessGone(source, fundId, read);
  noteFund(source, fund);
  return fund;
}

/** Reads a source's funds list (shared in flight), and lists it: what its token can see now. */
export async function readSourceFunds(source: string, sensitive = false): Promise<api.Fund[]> {
  const funds = await api.listFunds(source, { sensitive });
  noteFundsList(source, funds);
  return funds;
}

/** The source holding a fund named by a bare id with several sources: the one in the person's scope listing it. */
async function placeBareId(sources: readonly string[], fundId: string): Promise<string | null> {
  const listing = (candidates: readonly string[]) => candidates.find((source) => listedFund(source, fundId));
  // What the kept funds lists named first: a restart places a kept fund without asking a slow upstream.
  if (!listing(sources)) await seedCatalog();
  const found = listing(sources);
  if (found) return found;
  const unread = sources.filter((source) => !listedLive(source));
  await Promise.all(unread.map((source) => readSourceFunds(source).catch(() => undefined)));
  return listing(unread) ?? null;
}

/**
 * Decides an action on one fund before any of its data (live or kept) is read: unknown, not listed by its source's
 * token, or out of scope, the upstream's 404; in scope but beyond the person's role, 403.
 */
export function fundAccess(principal: Principal, ref: string, action: FundAction): Promise<FundAccess> {
  // Decided once per request: every layer of a fund's read asks, the first answers them all.
  const key = JSON.stringify([principal.email, principal.sid, principal.role, principal.scopeKey, ref, action]);
  return oncePerRequest(key, () => decideAccess(principal, ref, action));
}

async function decideAccess(principal: Principal, ref: string, action: FundAction): Promise<FundAccess> {
  const parts = refParts(ref);
  const reachable = sourcesOf(principal.scope);
  if (!parts || (parts.source !== null && !reachable.includes(parts.source))) throw unknownFund();
  const source = parts.source ?? (await placeBareId(reachable, parts.fundId));
  if (source === null) throw unknownFund();
  const { fundId } = parts;
  // What the kept funds lists named, before a fund not listed yet is asked of the upstream.
  if (!listedFund(source, fundId) && !listedLive(source)) await seedCatalog();
  const listed = listedFund(source, fundId) ?? {
    organization: organizationOf(await noted(source, fundId, api.getFund(source, fundId))),
  };
  const resource: FundResource = { source, organization: listed.organization };
  if (!can(principal, "fund.read", resource)) throw unknownFund();
  if (!can(principal, action, resource)) throw new Forbidden(refusals[action]);
  return {
    ref: refOf(source, fundId),
    source,
    fundId,
    resource,
    storeKey: storeKeyOf(await fingerprintOf(source), fundId),
  };
}
