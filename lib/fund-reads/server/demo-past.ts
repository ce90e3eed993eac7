import "server-only";
import pLimit from "p-limit";
import { collectInvestorsAsOf, demoPastIndex, isDemoMode, listFundsAsOf } from "../../data/demo-past";
import type { Fund } from "../../data/funds";
import type { Investor } from "../../data/investors";
import { fingerprintOf, refOf, sourceNames, storeKeyOf } from "../../data/sources";
import { serverEnv } from "../../server/env";
import { logLine } from "../../server/log";
import { latestFundsList, storeStartsEmpty } from "../../store/server";
import { keepFundList, keepFundsList, keptWritesLanded } from "./kept";
import { taxKeyOf } from "./match-key";

// The embedded demo's first start: a fresh store is filled with the demo's past (lib/demo-api/past.ts), each day's
// reads kept through the normal write path stamped with that day, so What changed, histories, contributed over time
// and statements have a past at once. Never with a real upstream, and never into a store that holds a read already.

/** When a past day's reads are stamped: early in the UTC day, after its events. */
const readHour = "T06:00:00.000Z";

interface Held {
  investors: Investor[];
  taxKeys: (string | null)[];
  digest: string;
}

async function readList(source: string, fundId: string, day: string): Promise<Held | null> {
  const investors: Investor[] = [];
  const taxKeys: (string | null)[] = [];
  try {
    const { digest } = await collectInvestorsAsOf(
      source,
      fundId,
      day,
      () => ({
        add: (investor, taxKey: string | null) => {
          investors.push(investor);
          taxKeys.push(taxKey);
        },
        done: () => null,
      }),
      { derive: taxKeyOf },
    );
    return { investors, taxKeys, digest };
  } catch {
    // A fund whose list fails today failed then too: it has no past.
    return null;
  }
}

/** Keeps one source's past, day by day: a fund's list read again only on a day it changed, else seen again. */
async function fillSource(source: string): Promise<{ days: number; lists: number; readMs: number } | null> {
  const fingerprint = await fingerprintOf(source);
  // A folder made by this start holds nothing: its reads begin while the store's process starts (initdb takes seconds).
  if (!storeStartsEmpty() && (await latestFundsList(fingerprint))) return null;
  const index = await demoPastIndex(source);
  if (!index) return null;
  const began = Date.now();
  const limit = pLimit(6);
  // The days with something to keep: a change, or a sighting over the last 30 days (what changed since 7 or 30 days
  // names the reads it compares); before, a fund's read is kept when it changed.
  const days = index.days.flatMap((day) => {
    const readAt = Date.parse(`${day}${readHour}`);
    const changed = new Set(index.changed[day] ?? []);
    const sighted = readAt >= Date.now() - 31 * 86_400_000;
    return readAt < Date.now() && (changed.size > 0 || sighted) ? [{ day, readAt, changed, sighted }] : [];
  });
  // Every read asked at once, a few at a time (one day after another left the thread idle between round trips)...
  const fundsOf = days.map(({ day }) => limit(async () => (await listFundsAsOf(source, day)) as Fund[]));
  const listsOf = days.map(
    ({ day, changed }) => new Map([...changed].map((id) => [id, limit(() => readList(source, id, day))])),
  );
  // ...and kept in the days' order, as each arrives: a fund's reads land in the order they are queued. Nothing waits for
  // room in the write queue: the whole past is ~14,000 positions (a sighting shares its list), read while the store
  // opens.
  const held = new Map<string, Held>();
  let lists = 0;
  for (const [at, { readAt, sighted }] of days.entries()) {
    const funds = await fundsOf[at]!;
    // Kept without the read model: the live round's read, newer, is the model's.
    void keepFundsList(source, funds, readAt, { model: false });
    for (const fund of funds) {
      const read = listsOf[at]!.get(fund.id);
      const fresh = read ? await read : null;
      if (fresh) {
        held.set(fund.id, fresh);
        lists++;
      }
      const list = held.get(fund.id);
      if (!list || (!fresh && !sighted)) continue;
      const storeKey = storeKeyOf(fingerprint, fund.id);
      void keepFundList({ storeKey, ref: refOf(source, fund.id), fund, ...list, readAt, model: false });
    }
  }
  const readMs = Date.now() - began;
  // The reads are queued; the live round's, queued after them, land after them (a fund's reads land in order).
  const queued = Date.now();
  void keptWritesLanded().then(() =>
    logLine("demo_past_kept", { source, days: index.days.length, lists, readMs, keptMs: Date.now() - queued }),
  );
  return { days: index.days.length, lists, readMs };
}

/**
 * At a start: the embedded demo's past into an empty store; settles once its reads are queued to be kept, so the
 * first round's reads of the present, queued after them, are kept after them.
 */
export async function fillDemoPast(): Promise<void> {
  if (!isDemoMode() || serverEnv().DEMO_PAST === "0") return;
  const began = Date.now();
  for (const source of sourceNames()) {
    try {
      const filled = await fillSource(source);
      if (filled) logLine("demo_past_read", { source, ...filled, ms: Date.now() - began });
    } catch (error) {
      logLine("demo_past_failed", { source, reason: (error as Error).message.slice(0, 300) });
    }
  }
}
