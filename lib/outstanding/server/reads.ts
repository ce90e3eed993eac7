import "server-only";
import { failedSummary } from "../../directory/failed-funds";
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { Principal } from "../../data/principal";
import {
  organizationBuilt,
  type OrganizationSnapshot,
  organizationSnapshot,
} from "../../fund-reads/server/scoped-organization";
import { Conflict } from "../../http/errors";
import { processWide } from "../../server/process-wide";
import type { OutstandingView } from "../search-params";
import type { OutstandingFunds, OutstandingPage } from "../types";
import { OutstandingIndex } from "./outstanding-index";

const dayMs = 86_400_000;
// One index per scope (what one scope was shown is never another's), the least recently used going first.
const indexes = () =>
  processWide("outstanding-indexes", () => new LRUCache<string, { key: string; index: OutstandingIndex }>({ max: 16 }));

/** The version of the rows: the directory's, on this UTC day (days overdue change with it); none while reading. */
function versionOf(snapshot: OrganizationSnapshot, day: number): string | null {
  return snapshot.version === null ? null : createHash("sha256").update(`${snapshot.version}:${day}`).digest("hex");
}

/** The organization's outstanding positions, worked out again after the directory changes or the day turns. */
async function current(principal: Principal, version: string | null = null) {
  const day = Math.floor(Date.now() / dayMs);
  let snapshot = await organizationSnapshot(principal);
  // A later page names the rows it continues: any instance that read the same data answers; changed data is a 409.
  if (version !== null && versionOf(snapshot, day) !== version) {
    await organizationBuilt(principal);
    snapshot = await organizationSnapshot(principal);
    if (versionOf(snapshot, day) !== version)
      throw new Conflict("The positions changed since this table loaded. Reload the table.");
  }
  // Keyed by content once every fund was tried: a list read again unchanged (each minute) makes no new index.
  const key = `${snapshot.version ?? `changes ${snapshot.changes}`}:${day}`;
  let held = indexes().get(principal.scopeKey);
  if (!held || held.key !== key) {
    held = { key, index: new OutstandingIndex(snapshot.states, Date.now()) };
    indexes().set(principal.scopeKey, held);
  }
  return { snapshot, index: held.index, version: versionOf(snapshot, day) };
}

export async function outstandingPage(
  principal: Principal,
  view: OutstandingView,
  offset: number,
  limit: number,
  version: string | null = null,
): Promise<OutstandingPage> {
  const { snapshot, index, version: now } = await current(principal, version);
  const positions = index.positions(view);
  return {
    version: now,
    total: index.rows.length,
    matched: positions.length,
    offset,
    rows: positions.slice(offset, offset + limit).map((at) => index.rows[at]!),
    totals: { outstanding: index.total(positions) },
    progress: snapshot.progress,
    ...failedSummary(snapshot.failedFunds),
    complete: snapshot.complete,
    kept: snapshot.kept,
    longest: index.longest(),
  };
}

/** The funds that have capital outstanding, with how many positions owe, for the fund filter. */
export async function outstandingFunds(principal: Principal): Promise<OutstandingFunds> {
  const { index } = await current(principal);
  return { funds: index.funds() };
}

/** The distinct contact emails of every row of the view (not only those on screen), for a reminder. */
export async function outstandingEmails(principal: Principal, view: OutstandingView): Promise<{ emails: string[] }> {
  const { index } = await current(principal);
  return { emails: index.emails(index.positions(view)) };
}

/** Every row of the view, for its CSV, with what the directory is missing. */
export async function outstandingRows(principal: Principal, view: OutstandingView) {
  const { snapshot, index } = await current(principal);
  return { rows: index.positions(view).map((at) => index.rows[at]!), snapshot };
}
