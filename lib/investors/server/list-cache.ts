import "server-only";
import type { Principal } from "../../data/principal";
import {
  type EarlyList,
  fundList,
  type FundListRead,
  fundListOrEarly,
  heldFundList,
  onFundListRead,
} from "../../fund-reads/server/fund-lists";
import { processWide } from "../../server/process-wide";
import { defaultInvestorColumnIds } from "../columns";
import { defaultInvestorView } from "../search-params";
import { InvestorIndex } from "./investor-index";

// The investor table's index of each fund list read (lib/fund-reads decides when a list is read): made once per read.

export type { EarlyList };

// Pages and route handlers are separate bundles: one index per read, whichever bundle made it.
const indexes = processWide("investor-indexes", () => new WeakMap<FundListRead, InvestorIndex>());

// Rows of the default view worked out ahead: the first screen of the table.
const firstScreenRows = 100;

// Each fund's newest index, while anything still holds it: a list read again unchanged (each minute while the fund is
// viewed) takes its column orders and views rather than work them out again, so a sort after it stays a lookup.
const newest = processWide("investor-newest-indexes", () => new Map<string, WeakRef<InvestorIndex>>());

function indexOf(read: FundListRead): InvestorIndex {
  let index = indexes.get(read);
  if (!index) {
    const same = newest.get(read.fundId)?.deref();
    index = new InvestorIndex(read.investors, read.digest, read.startedAt, read.fund, read.keptAt !== null, same);
    indexes.set(read, index);
    if (!same || read.startedAt >= same.fetchedAt) newest.set(read.fundId, new WeakRef(index));
  }
  return index;
}

// The table's default view is worked out as a list arrives, not in the request that first finds it complete.
onFundListRead("investor-index", (read) => {
  indexOf(read)
    .page(defaultInvestorView, 0, firstScreenRows, defaultInvestorColumnIds)
    .catch(() => undefined);
});

/** The fund's held list's index if one has arrived and is within its age, else null; never reads one. */
export async function heldInvestorIndex(principal: Principal, fundId: string): Promise<InvestorIndex | null> {
  const read = await heldFundList(principal, fundId);
  return read && indexOf(read);
}

/** The index of a fund's masked investor list (see fundList: one read serves every person's views for a while). */
export async function investorIndex(
  principal: Principal,
  fundId: string,
  options: Parameters<typeof fundList>[2] = {},
): Promise<InvestorIndex> {
  return indexOf(await fundList(principal, fundId, options));
}

/** A view's first page's list: the whole list's index, or what has been read so far of one still arriving. */
export async function investorIndexOrEarly(
  principal: Principal,
  fundId: string,
): Promise<{ index: InvestorIndex } | { early: EarlyList }> {
  const found = await fundListOrEarly(principal, fundId);
  return "list" in found ? { index: indexOf(found.list) } : found;
}
