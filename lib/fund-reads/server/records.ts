import "server-only";
import { fundAccess } from "../../data/fund-access";
import { type Fund, getFund } from "../../data/funds";
import { getInvestor, type Investor } from "../../data/investors";
import type { Principal } from "../../data/principal";
import { fundAsRef } from "../../data/funds";
import { serverEnv } from "../../server/env";
import { keptFundRecord, keptInvestor } from "../../store/server";
import { fundList, heldFundList } from "./fund-lists";
import { keepFailure, keepFund } from "./kept";

// One investor's record, and a fund's own, for their pages: from what is held or kept at once, "as of" its read when
// that is past the lists' age (the fund's list read again meanwhile), else read live. A restart on a slow upstream
// shows a kept fund's page and its investors' pages before the upstream answers.

/** A record as a page shows it: when it was read, and whether that read is past the lists' age (being read again). */
export interface RecordRead<T> {
  value: T;
  readAt: number;
  /** Served from a kept read past its age while the live read runs: that read's time (ms); null when fresh. */
  keptAt: number | null;
}

const fresh = (at: number) => Date.now() - at < serverEnv().INVESTOR_LIST_CACHE_SECONDS * 1_000;

/** The fund's list read again in the background (kept, and held for its table), its failure its own to report. */
function refreshList(principal: Principal, ref: string): void {
  fundList(principal, ref).catch(() => undefined);
}

/** One investor of a fund: from the fund's held list, else its newest kept list, else the upstream. */
export async function investorRead(
  principal: Principal,
  ref: string,
  investorId: string,
): Promise<RecordRead<Investor>> {
  const access = await fundAccess(principal, ref, "fund.read");
  const held = await heldFundList(principal, access.ref);
  const inList = held?.investors.find((investor) => investor.id === investorId);
  if (held && inList) return { value: inList, readAt: held.startedAt, keptAt: null };
  const kept = await keptInvestor(access.storeKey, investorId).catch(() => null);
  if (kept) {
    const seenAt = kept.lastSeenAt.getTime();
    if (!fresh(seenAt)) refreshList(principal, access.ref);
    return { value: kept.record as Investor, readAt: seenAt, keptAt: fresh(seenAt) ? null : seenAt };
  }
  return { value: await getInvestor(principal, access.ref, investorId), readAt: Date.now(), keptAt: null };
}

// How long a page waits for the fund's live record before it shows the kept one (the live read goes on, and is kept).
const liveWaitMs = 300;

/** A fund's own record: the one read with its held list, else a live read, else (slow) its newest kept record. */
export async function fundRead(principal: Principal, ref: string): Promise<RecordRead<Fund>> {
  const access = await fundAccess(principal, ref, "fund.read");
  const held = await heldFundList(principal, access.ref);
  if (held) return { value: held.fund, readAt: held.startedAt, keptAt: null };
  const startedAt = Date.now();
  const live = getFund(principal, access.ref).then(
    (fund) => {
      void keepFund(access.storeKey, fund, Date.now());
      return { value: fund, readAt: startedAt, keptAt: null };
    },
    (error: unknown) => {
      keepFailure(access.source, "fund", access.storeKey, error);
      throw error;
    },
  );
  const timer = new Promise<null>((resolve) => setTimeout(() => resolve(null), liveWaitMs).unref());
  const first = await Promise.race([live, timer]);
  if (first) return first;
  const kept = await keptFundRecord(access.storeKey).catch(() => null);
  if (!kept) return live;
  live.catch(() => undefined);
  const seenAt = kept.lastSeenAt.getTime();
  return { value: fundAsRef(access, kept.record as Fund), readAt: seenAt, keptAt: seenAt };
}
