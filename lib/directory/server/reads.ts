import "server-only";
import type { Principal } from "../../data/principal";
import { BadRequest, Conflict, NotFound } from "../../http/errors";
import { specInvestorTypes } from "../../investors/columns";
import { failedSummary } from "../../organization/failed-funds";
import { cursorOf, withCursor } from "../../organization/server/cursor";
import { columnWidths, organizationWidths } from "../../organization/server/widths";
import { organizationState } from "../../organization/server/state";
import { investorByKey, investorPage, investorTypes, organizationTypes, searchOrganization } from "../../store/server";
import type { Investor } from "../../customer-api/schemas";
import { directoryColumns } from "../columns";
import type { DirectoryView } from "../search-params";
import type { DirectoryPage, DirectoryTotals, InvestorAcrossFunds, SearchResults } from "../types";
import { investorAmounts } from "../../store/model";

// What pages and routes ask of the directory, from the store's read model; the principal is the signed-in person the
// route checked, and their scope is a condition of every query.

const changed = () => new Conflict("The directory changed since this table loaded. Reload the table.");

/**
 * A type filter names types the spec names or the organization has; anything else is refused (400), as a fund's
 * table refuses it, rather than answered with nothing matched.
 */
export async function checkTypes(types: readonly string[]): Promise<void> {
  if (types.every((type) => specInvestorTypes.includes(type))) return;
  const known = new Set(await organizationTypes());
  const unknown = types.find((type) => !specInvestorTypes.includes(type) && !known.has(type));
  if (unknown !== undefined) throw new BadRequest(`Unknown investor type "${unknown.slice(0, 40)}".`);
}

export async function directoryPage(
  principal: Principal,
  view: DirectoryView,
  offset: number,
  limit: number,
  options: { refresh?: boolean; version?: string | null; after?: string | null } = {},
): Promise<DirectoryPage> {
  await checkTypes(view.type);
  const organization = await organizationState(principal, { refresh: options.refresh });
  // Any instance reads the same store: a later page of another version is of data that changed since.
  if (options.version && organization.version !== options.version) throw changed();
  const after = cursorOf(options.after);
  const [page, widths] = await Promise.all([
    withCursor(() =>
      investorPage({
        scope: organization.scope,
        everything: organization.state.everything,
        sort: view.sort,
        filter: { q: view.q, types: view.type },
        after,
        offset: after ? 0 : offset,
        limit,
      }),
    ),
    organizationWidths(organization),
  ]);
  const { progress, failedFunds, failedCount, complete, reading, asOf, kept, version } = organization;
  return {
    version,
    total: page.total,
    matched: page.matched,
    offset,
    rows: page.rows,
    next: page.next,
    totals: page.totals,
    progress,
    ...failedSummary(failedFunds, failedCount),
    complete,
    reading,
    asOf,
    kept,
    types: page.types,
    longest: columnWidths(directoryColumns, widths.widths, { ...page.totals, funds: String(progress.total) }),
  };
}

/** One investor across the funds the person may see: each position's whole (masked) record as last kept. */
export async function investorAcrossFunds(principal: Principal, key: string): Promise<InvestorAcrossFunds> {
  const organization = await organizationState(principal);
  const found = await investorByKey({ scope: organization.scope, key });
  if (!found) throw new NotFound("No investor has this key: the directory may have changed since the link was made.");
  return {
    key,
    matchedBy: found.matchedBy,
    positions: found.positions.map((position) => ({
      fund: { id: organization.refOf(position), name: position.fundName },
      investor: position.record as unknown as Investor,
    })),
    totals: Object.fromEntries(investorAmounts.map((field) => [field, found.row[field]])) as DirectoryTotals,
  };
}

/** How many investors the person's directory holds, of each type; null until every fund was tried. */
export async function directoryCounts(principal: Principal) {
  const organization = await organizationState(principal);
  if (!organization.complete) return null;
  const types = await investorTypes({ scope: organization.scope, everything: organization.state.everything });
  return { count: types.reduce((sum, type) => sum + type.count, 0), types };
}

const searchLimit = 8;

/** Funds and investors matching what was typed, at most 8 of each, best first. */
export async function globalSearch(principal: Principal, text: string): Promise<SearchResults> {
  const organization = await organizationState(principal);
  const found = await searchOrganization({
    scope: organization.scope,
    everything: organization.state.everything,
    q: text,
    limit: searchLimit,
  });
  return {
    funds: found.funds.map((fund) => ({
      id: organization.refOf(fund),
      name: fund.name,
      organization: fund.organization,
    })),
    investors: found.investors.map(({ key, name, email, funds }) => ({ key, name, email, funds })),
    reading: organization.complete ? null : organization.progress,
    ...failedSummary(organization.failedFunds, organization.failedCount),
  };
}
