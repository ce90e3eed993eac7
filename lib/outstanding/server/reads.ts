import "server-only";
import type { Principal } from "../../data/principal";
import { directorySnapshot } from "../../directory/server/directory";
import { processWide } from "../../server/process-wide";
import type { OutstandingView } from "../search-params";
import type { OutstandingPage } from "../types";
import { OutstandingIndex } from "./outstanding-index";

const dayMs = 86_400_000;
const cache = processWide<{ key: string; index: OutstandingIndex | null }>("outstanding-index", () => ({
  key: "",
  index: null,
}));

/** The organization's outstanding positions, worked out again after the directory changes or the day turns. */
async function current() {
  const snapshot = await directorySnapshot();
  const key = `${snapshot.changes}:${Math.floor(Date.now() / dayMs)}`;
  if (!cache.index || cache.key !== key)
    Object.assign(cache, { key, index: new OutstandingIndex(snapshot.states, Date.now()) });
  return { snapshot, index: cache.index! };
}

export async function outstandingPage(
  _principal: Principal,
  view: OutstandingView,
  offset: number,
  limit: number,
): Promise<OutstandingPage> {
  const { snapshot, index } = await current();
  const positions = index.positions(view);
  return {
    total: index.rows.length,
    matched: positions.length,
    offset,
    rows: positions.slice(offset, offset + limit).map((at) => index.rows[at]!),
    totals: { outstanding: index.total(positions) },
    progress: snapshot.progress,
    failedFunds: snapshot.failedFunds,
    complete: snapshot.complete,
    funds: index.funds(),
    longest: index.longest(),
  };
}

/** The distinct contact emails of every row of the view (not only those on screen), for a reminder. */
export async function outstandingEmails(_principal: Principal, view: OutstandingView): Promise<{ emails: string[] }> {
  const { index } = await current();
  return { emails: index.emails(index.positions(view)) };
}

/** Every row of the view, for its CSV, with what the directory is missing. */
export async function outstandingRows(_principal: Principal, view: OutstandingView) {
  const { snapshot, index } = await current();
  return { rows: index.positions(view).map((at) => index.rows[at]!), snapshot };
}
