import "server-only";
import { fundAccess } from "../../data/fund-access";
import type { Principal } from "../../data/principal";
import { fundFollowUps } from "../../store/server/team";
import { inPersonLaneOnce } from "../../server/fair-share";
import { type InvestorColumnId, specInvestorTypes } from "../columns";
import { type InvestorView, investorViewSearch } from "../search-params";
import type { InvestorRowsPage } from "../types";
import { earlyPage } from "./early-page";
import type { InvestorIndex } from "./investor-index";
import { type EarlyList, investorIndex, investorIndexOrEarly } from "./list-cache";

export interface RowsRequest {
  view: InvestorView;
  offset: number;
  limit: number;
  /** The columns on screen: the rows carry their fields, and the page their longest values. */
  sized: readonly InvestorColumnId[];
  /** The list a later page must come from; a view's first page leaves it out. */
  version?: string;
  refresh?: boolean;
  /** The ids of a `changed` view, from lib/changes (the caller's to work out). */
  changedIds?: ReadonlySet<string> | null;
}

const encoder = new TextEncoder();

// One person's burst of the same page of the same list shares one place in their lane and its result.
function pageKey(fundId: string, version: string, request: RowsRequest, form: string): string {
  const { view, offset, limit, sized, changedIds } = request;
  const ids = view.changed && changedIds ? [...changedIds].sort().join(",") : "";
  return `${fundId}:${version}:${investorViewSearch(view)}|${ids}|${offset}|${limit}|${sized.join(",")}|${form}`;
}

/**
 * The list a request is answered from. A later page or a Refresh waits for the whole list (a Refresh rather than show
 * part of it over a whole one), and so does a filter on a type the spec does not name: only the whole list can say
 * whether the fund has it, and junk types must be refused, not answered "still reading".
 */
async function listFor(
  principal: Principal,
  fundId: string,
  request: RowsRequest,
): Promise<{ index: InvestorIndex } | { early: EarlyList }> {
  const waits =
    request.version !== undefined ||
    request.refresh ||
    request.view.changed !== null ||
    request.view.type.some((type) => !specInvestorTypes.includes(type));
  if (!waits) return investorIndexOrEarly(principal, fundId);
  return { index: await investorIndex(principal, fundId, { version: request.version, refresh: request.refresh }) };
}

/** The page's rows with their next follow-ups, when the Follow-up column is on screen (the notes are the store's). */
async function withFollowUps(principal: Principal, fundId: string, page: InvestorRowsPage): Promise<InvestorRowsPage> {
  const access = await fundAccess(principal, fundId, "note.read");
  const next = await fundFollowUps(access.storeKey);
  return {
    ...page,
    rows: page.rows.map((row) => ({ ...row, followUp: next.get(row.id) ?? null })),
    // A state, a due day and a name.
    longest: { ...page.longest, followUp: 34 },
  };
}

/** One page of a fund's investor table, for the server-rendered page: from the held list, or from one still arriving. */
export async function investorRowsPage(
  principal: Principal,
  fundId: string,
  request: RowsRequest,
): Promise<InvestorRowsPage> {
  const page = await recordsPage(principal, fundId, request);
  return request.sized.includes("followUp") ? withFollowUps(principal, fundId, page) : page;
}

async function recordsPage(principal: Principal, fundId: string, request: RowsRequest): Promise<InvestorRowsPage> {
  const { view, offset, limit, sized } = request;
  const list = await listFor(principal, fundId, request);
  if ("early" in list) return earlyPage(list.early, view, offset, limit, sized);
  const key = pageKey(fundId, list.index.version, request, "page");
  const ids = request.changedIds ?? null;
  return inPersonLaneOnce(principal.email, key, () => list.index.page(view, offset, limit, sized, ids));
}

/** The same page as JSON bytes for the route: a complete list's pages are serialized once and shared. */
export async function investorRowsBytes(
  principal: Principal,
  fundId: string,
  request: RowsRequest,
): Promise<Uint8Array> {
  const { view, offset, limit, sized } = request;
  // Follow-ups change with every note: such a page is never one shared by everyone.
  if (sized.includes("followUp"))
    return encoder.encode(JSON.stringify(await investorRowsPage(principal, fundId, request)));
  const list = await listFor(principal, fundId, request);
  if ("early" in list) return encoder.encode(JSON.stringify(earlyPage(list.early, view, offset, limit, sized)));
  const key = pageKey(fundId, list.index.version, request, "bytes");
  const ids = request.changedIds ?? null;
  return inPersonLaneOnce(principal.email, key, () => list.index.pageBytes(view, offset, limit, sized, ids));
}
