import "server-only";
import { getInvestor } from "../../data/investors";
import type { Principal } from "../../data/principal";
import { Conflict, NotFound } from "../../http/errors";
import type { DirectoryView } from "../search-params";
import type { DirectoryPage, InvestorAcrossFunds, SearchResults } from "../types";
import { organizationBuilt as directoryBuilt } from "../../fund-reads/server/scoped-organization";
import { type DirectorySnapshot, directorySnapshot } from "./directory";
import { failedSummary } from "../failed-funds";
import { totalsOf } from "./investor-entry";
import { rankMatches } from "./rank";

// What pages and routes ask of the directory; the caller's principal is the signed-in person the route checked.

const changed = () => new Conflict("The directory changed since this table loaded. Reload the table.");

/**
 * The directory a later page names: versions are content digests, so any instance that read the same data holds it;
 * one still reading finishes first, then answers if the data is unchanged.
 */
export async function directoryAt(principal: Principal, version: string | null): Promise<DirectorySnapshot> {
  let snapshot = await directorySnapshot(principal);
  if (version === null || snapshot.version === version) return snapshot;
  await directoryBuilt(principal);
  snapshot = await directorySnapshot(principal);
  if (snapshot.version !== version) throw changed();
  return snapshot;
}

export async function directoryPage(
  principal: Principal,
  view: DirectoryView,
  offset: number,
  limit: number,
  options: { refresh?: boolean; version?: string | null } = {},
): Promise<DirectoryPage> {
  const snapshot = options.version
    ? await directoryAt(principal, options.version)
    : await directorySnapshot(principal, options);
  const page = await snapshot.index.page(view, offset, limit);
  const { progress, failedFunds, complete, asOf, kept, version } = snapshot;
  return {
    ...page,
    version,
    progress,
    ...failedSummary(failedFunds),
    complete,
    asOf,
    kept,
    types: snapshot.index.types,
    longest: snapshot.index.longest(),
  };
}

/** One investor across funds: each position's whole (masked) record, read for the person asking. */
export async function investorAcrossFunds(principal: Principal, key: string): Promise<InvestorAcrossFunds> {
  const snapshot = await directorySnapshot(principal);
  const found = snapshot.index.investor(key);
  if (!found) throw new NotFound("No investor has this key: the directory may have changed since the link was made.");
  const names = new Map(snapshot.funds.map((fund) => [fund.id, fund.name]));
  const positions = await Promise.all(
    found.positions.map(async (position) => ({
      fund: { id: position.fundId, name: names.get(position.fundId) ?? position.fundId },
      investor: await getInvestor(principal, position.fundId, position.investorId),
    })),
  );
  return { key, matchedBy: found.matchedBy, positions, totals: totalsOf((field) => found.row[field]) };
}

const searchLimit = 8;

/** Funds and investors matching what was typed, at most 8 of each, best first. */
export async function globalSearch(principal: Principal, text: string): Promise<SearchResults> {
  const snapshot = await directorySnapshot(principal);
  const funds = rankMatches(
    snapshot.funds,
    text,
    (fund) => fund.name,
    (fund) => fund.search,
    searchLimit,
  );
  const investors = snapshot.index.search(text, searchLimit);
  return {
    funds: funds.map(({ id, name, organization }) => ({ id, name, organization })),
    investors: investors.map(({ key, name, email, funds: count }) => ({ key, name, email, funds: count })),
    reading: snapshot.complete ? null : snapshot.progress,
    ...failedSummary(snapshot.failedFunds),
  };
}
