import "server-only";
import { processWide } from "../server/process-wide";

// What each source's current token lists: every fund a live read of the funds list (or of the fund) returned, with
// its organization, seeded at a start from the funds list kept under the same token. A kept read is served only for
// a fund listed here, and the policy decides on the organization it gives.

export interface Listed {
  organization: string | null;
}

interface SourceCatalog {
  funds: Map<string, Listed>;
  /** When the funds list was last read live (ms); null while only the kept list is known. */
  liveAt: number | null;
}

const catalogs = () => processWide("fund-catalogs", () => new Map<string, SourceCatalog>());

function catalogOf(source: string): SourceCatalog {
  let catalog = catalogs().get(source);
  if (!catalog) catalogs().set(source, (catalog = { funds: new Map(), liveAt: null }));
  return catalog;
}

/** The organization a fund record names, as the policy compares it (trimmed; none is null). */
export function organizationOf(fund: { organization_name?: unknown }): string | null {
  return typeof fund.organization_name === "string" && fund.organization_name.trim() !== ""
    ? fund.organization_name.trim()
    : null;
}

type Record_ = { id: string; organization_name?: unknown };

/** A funds list read live: the catalog is exactly it from now on. */
export function noteFundsList(source: string, funds: readonly Record_[]): void {
  const catalog = catalogOf(source);
  catalog.funds = new Map(funds.map((fund) => [fund.id, { organization: organizationOf(fund) }]));
  catalog.liveAt = Date.now();
}

/** The funds list kept under this source's current token, at a start: served until the live list is read. */
export function seedFundsList(source: string, funds: readonly Record_[]): void {
  const catalog = catalogOf(source);
  if (catalog.liveAt !== null) return;
  for (const fund of funds)
    if (!catalog.funds.has(fund.id)) catalog.funds.set(fund.id, { organization: organizationOf(fund) });
}

/** One fund read live: listed, with the organization it names now. */
export function noteFund(source: string, fund: Record_): void {
  catalogOf(source).funds.set(fund.id, { organization: organizationOf(fund) });
}

/** A fund the upstream answered 404 for: no longer listed, whatever was kept of it. */
export function unlistFund(source: string, fundId: string): void {
  catalogOf(source).funds.delete(fundId);
}

export function listedFund(source: string, fundId: string): Listed | undefined {
  return catalogOf(source).funds.get(fundId);
}

/** Whether the source's funds list has been read live by this process. */
export function listedLive(source: string): boolean {
  return catalogOf(source).liveAt !== null;
}
