import "server-only";
import { createHash } from "node:crypto";
import type { Principal } from "../../data/principal";
import { storeKeysOf } from "../../data/sources";
import { Conflict } from "../../http/errors";
import { failedSummary } from "../../organization/failed-funds";
import { type OrganizationState, organizationState } from "../../organization/server/state";
import { cursorOf, withCursor } from "../../organization/server/cursor";
import { columnWidths, organizationWidths } from "../../organization/server/widths";
import {
  outstandingBatches,
  outstandingEmails as storeEmails,
  outstandingFunds as storeFunds,
  outstandingPage as storePage,
  type OutstandingView as StoreView,
} from "../../store/server";
import type { OrgOutstandingRow } from "../../store/model";
import { sinceInstant } from "../../table/since";
import { outstandingColumns } from "../columns";
import type { OutstandingView } from "../search-params";
import type { OutstandingFunds, OutstandingPage, OutstandingRow } from "../types";

// Capital outstanding from the store's read model: every counted position in the person's scope that still owes.

const utcDay = () => new Date().toISOString().slice(0, 10);

/** The version of the rows: the organization's, on this UTC day (days overdue change with it); none while reading. */
function versionOf(organization: OrganizationState, day: string): string | null {
  return organization.version === null
    ? null
    : createHash("sha256").update(`${organization.version}:${day}`).digest("hex");
}

async function storeView(organization: OrganizationState, view: OutstandingView, day: string): Promise<StoreView> {
  // A fund out of scope (or unknown) matches no row, as a fund without positions owing.
  const [fundKey] = view.fund ? await storeKeysOf([view.fund]) : [];
  return {
    scope: organization.scope,
    sort: view.sort,
    fundKey: view.fund ? (fundKey ?? "") : null,
    overdue: view.overdue,
    today: day,
    since: sinceInstant(view.since).toISOString(),
    paid: view.paid,
    followUp: view.followUp,
  };
}

const rowOf =
  (organization: OrganizationState) =>
  ({ fingerprint, fundId, fundName, ...row }: OrgOutstandingRow): OutstandingRow => ({
    ...row,
    fund: { id: organization.refOf({ fingerprint, fundId }), name: fundName },
  });

export async function outstandingPage(
  principal: Principal,
  view: OutstandingView,
  offset: number,
  limit: number,
  options: { version?: string | null; after?: string | null; refresh?: boolean } = {},
): Promise<OutstandingPage> {
  const day = utcDay();
  const organization = await organizationState(principal, { refresh: options.refresh });
  const version = versionOf(organization, day);
  if (options.version && version !== options.version)
    throw new Conflict("The positions changed since this table loaded. Reload the table.");
  const after = cursorOf(options.after);
  const store = await storeView(organization, view, day);
  const [page, widths] = await Promise.all([
    withCursor(() => storePage({ ...store, after, offset: after ? 0 : offset, limit })),
    organizationWidths(organization, true),
  ]);
  return {
    version,
    total: page.total,
    matched: page.matched,
    offset,
    rows: page.rows.map(rowOf(organization)),
    next: page.next,
    totals: { outstanding: page.outstanding },
    progress: organization.progress,
    ...failedSummary(organization.failedFunds, organization.failedCount),
    complete: organization.complete,
    reading: organization.reading,
    asOf: organization.asOf,
    kept: organization.kept,
    longest: columnWidths(outstandingColumns, widths.widths, {
      outstanding: page.outstanding,
      fund: "x".repeat(widths.fundName),
      capital_due_date: "2000-01-01",
      // Days overdue: four digits cover 27 years.
      daysOverdue: "9999",
      // A due day, a state and an assignee's name.
      followUp: "Waiting · Jan 31, 2027 · a long enough name",
    }),
  };
}

/** The funds that have capital outstanding, with how many positions owe, for the fund filter. */
export async function outstandingFunds(principal: Principal): Promise<OutstandingFunds> {
  const organization = await organizationState(principal);
  const funds = await storeFunds(organization.scope);
  return { funds: funds.map((fund) => ({ id: organization.refOf(fund), name: fund.name, count: fund.count })) };
}

/** The distinct contact emails of every row of the view (not only those on screen), for a reminder. */
export async function outstandingEmails(principal: Principal, view: OutstandingView): Promise<{ emails: string[] }> {
  const day = utcDay();
  const organization = await organizationState(principal);
  return { emails: await storeEmails(await storeView(organization, view, day)) };
}

/** Every row of the view, a batch at a time from the store (its file), with the organization's state. */
export async function outstandingRows(principal: Principal, view: OutstandingView) {
  const day = utcDay();
  const organization = await organizationState(principal);
  const store = await storeView(organization, view, day);
  async function* rows() {
    for await (const batch of outstandingBatches(store)) yield batch.map(rowOf(organization));
  }
  return { organization, fundKey: store.fundKey, rows: rows() };
}
