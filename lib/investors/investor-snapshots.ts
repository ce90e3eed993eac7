import "server-only";
import { requireUser } from "../auth/session";
import type { SessionUser } from "../auth/session-token";
import { listInvestors } from "../customer-api";
import { serverEnv } from "../env";
import { Conflict } from "../http-errors";
import { InvestorIndex } from "./investor-index";

interface Entry {
  fundId: string;
  version: number;
  usedAt: number;
  rows: number;
  index: Promise<InvestorIndex>;
}

// Pages and route handlers are separate bundles: the held lists live on globalThis so both see the same ones.
const holderKey = Symbol.for("fund-explorer.investor-snapshots");
const holder = globalThis as { [holderKey]?: Entry[] };
const entries: Entry[] = (holder[holderKey] ??= []);
// About 1.2 GB of parsed investors at most; the least recently used lists go first.
const maxRows = 250_000;
// A list nobody has paged for this long is dropped.
const idleMs = 10 * 60_000;

function evict(now: number) {
  entries.sort((a, b) => b.usedAt - a.usedAt);
  let rows = 0;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    const newer = entries.filter((other) => other.fundId === entry.fundId && other.version > entry.version).length;
    rows += entry.rows;
    // Each fund keeps its latest list and the one before, so someone paging the older one is not cut off.
    if (now - entry.usedAt > idleMs || newer >= 2 || (rows > maxRows && i > 0)) entries.splice(i--, 1);
  }
}

interface IndexOptions {
  /** The user this request already authenticated. */
  user?: SessionUser;
  /** The list a later page must come from (its version); a view's first page leaves it out. */
  version?: number;
  /** Fetch the list again even if a recent one is held (the Refresh button). */
  refresh?: boolean;
}

/**
 * A fund's masked investor list, indexed for the table. One upstream fetch serves every person's views for
 * INVESTOR_LIST_CACHE_SECONDS, and concurrent first requests share it. Unmasked values are never held.
 */
export async function investorIndex(fundId: string, options: IndexOptions = {}): Promise<InvestorIndex> {
  // A held list is customer data too: the session is checked even when no upstream call follows.
  const user = options.user ?? (await requireUser());
  const now = Date.now();
  const forFund = entries.filter((entry) => entry.fundId === fundId).sort((a, b) => b.version - a.version);
  let entry: Entry | undefined;
  if (options.version !== undefined) {
    entry = forFund.find((candidate) => candidate.version === options.version);
    if (!entry) throw new Conflict("The investor list was refreshed since this table loaded. Reload the table.");
  } else {
    // A refresh still joins a fetch that began under a second ago rather than starting another.
    const maxAgeMs = options.refresh ? 1_000 : serverEnv().INVESTOR_LIST_CACHE_SECONDS * 1_000;
    const latest = forFund[0];
    if (latest && now - latest.version < maxAgeMs) entry = latest;
  }
  if (!entry) {
    // Versions of one fund stay distinct even when two fetches start within the same millisecond.
    const version = Math.max(now, (forFund[0]?.version ?? 0) + 1);
    const created: Entry = { fundId, version, usedAt: now, rows: 0, index: Promise.resolve(null!) };
    created.index = listInvestors(fundId, { user }).then((investors) => {
      created.rows = investors.length;
      return new InvestorIndex(investors, version);
    });
    // A failed fetch is not kept: the next request tries again.
    created.index.catch(() => {
      const at = entries.indexOf(created);
      if (at !== -1) entries.splice(at, 1);
    });
    entries.push((entry = created));
  }
  entry.usedAt = now;
  evict(now);
  return entry.index;
}
