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
import { roomToKeep } from "./write-queue";

// The embedded demo's first start: a fresh store is filled with the demo's past (lib/demo-api/past.ts), each day's
// reads kept through the normal write path stamped with that day, so What changed, histories, contributed over time
// and statements have a past at once. Never with a real upstream, and never into a store that holds a read already.

/** When a past day's reads are stamped: early in the UTC day, after its events. */
const readHour = "T06:00:00.000Z";
// The whole past of the embedded demo is ~30,000 positions: read ahead of the store while it opens.
const keepAhead = 40_000;

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
  const held = new Map<string, Held>();
  const limit = pLimit(4);
  let lists = 0;
  for (const day of index.days) {
    const readAt = Date.parse(`${day}${readHour}`);
    if (readAt >= Date.now()) break;
    const changed = new Set(index.changed[day] ?? []);
    const sighted = readAt >= Date.now() - 31 * 86_400_000;
    // A weekly day on which nothing changed adds nothing to keep.
    if (changed.size === 0 && !sighted) continue;
    const funds = (await listFundsAsOf(source, day)) as Fund[];
    // Kept without the read model: the live round's read, newer, is the model's.
    void keepFundsList(source, funds, readAt, { model: false });
    await Promise.all(
      funds.map((fund) =>
        limit(async () => {
          let list = held.get(fund.id);
          const read = list === undefined || changed.has(fund.id);
          // Unchanged, a fund is seen again daily over the last 30 days (what changed since 7 or 30 days names the
          // reads it compares); before, its read is kept when it changed.
          if (!read && !sighted) return;
          if (read || list === undefined) {
            await roomToKeep(keepAhead);
            const fresh = await readList(source, fund.id, day);
            if (!fresh) return;
            held.set(fund.id, (list = fresh));
            lists++;
          }
          // Kept without the read model: the live round's read, newer, is the model's.
          const storeKey = storeKeyOf(fingerprint, fund.id);
          void keepFundList({ storeKey, ref: refOf(source, fund.id), fund, ...list, readAt, model: false });
        }),
      ),
    );
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
