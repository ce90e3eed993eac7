// The demo's past: its data as of each day of the current quarter and the two before it, deterministic from the seed
// and anchored on today. Today's data is the store's; each event of the past (past-events.ts) is undone for the days
// before it.
import { formatCents, parseCents } from "./format";
import { cents, dayMs, type FundPast, fundPast, type PastEvent, quarterStart } from "./past-events";
import type { DemoStore } from "./store";
import type { DemoFund, DemoInvestor } from "./types";

export interface DemoPast {
  /** The days the past is read on, YYYY-MM-DD, oldest first: weekly, then daily over the last 30 days. */
  days: string[];
  /** The funds whose data changed since the day read before (every fund on the first day). */
  changed(day: string): string[];
  fundsAt(day: string): DemoFund[];
  fundAt(fundId: string, day: string): DemoFund | undefined;
  investorsAt(fundId: string, day: string): DemoInvestor[] | undefined;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const startOfDay = (ms: number) => Math.floor(ms / dayMs) * dayMs;
/** The read days: weekly from the window's start, daily over the last 30 days, and each quarter's first and last. */
function readDays(windowStart: number, today: number): number[] {
  const days = new Set<number>();
  const daily = today - 30 * dayMs;
  for (let at = windowStart; at < daily; at += 7 * dayMs) days.add(at);
  for (let at = daily; at < today; at += dayMs) days.add(at);
  for (let back = 0; back <= 2; back++) {
    const start = quarterStart(today, back);
    if (start >= windowStart && start < today) days.add(start);
    if (start - dayMs >= windowStart) days.add(start - dayMs);
  }
  return [...days].sort((a, b) => a - b);
}

const totals = ["total_commitments", "total_contributed", "total_received"] as const;

/** An investor as of a moment: today's values less every event after it; unfunded follows commitment − contributed. */
function investorAt(investor: DemoInvestor, later: readonly PastEvent[], at: number): DemoInvestor {
  let copy: DemoInvestor | null = null;
  for (const event of later) {
    const deltas = event.deltas.get(at);
    if (!deltas) continue;
    copy ??= { ...investor };
    for (const [field, amount] of Object.entries(deltas)) {
      const value = cents(copy[field]);
      if (value !== null) copy[field] = formatCents(value - amount!);
    }
  }
  if (copy === null) return investor;
  const commitment = cents(copy.commitment_amount);
  const contributed = cents(copy.contributed_amount) ?? 0n;
  if (commitment !== null)
    copy.unfunded_commitment_amount = formatCents(commitment > contributed ? commitment - contributed : 0n);
  return copy;
}

/** The demo's past over the current quarter and the two before it, as of `now`. */
export function demoPast(store: DemoStore, now: number = Date.now()): DemoPast {
  const today = startOfDay(now);
  const window = { start: quarterStart(today, 2), today };
  const days = readDays(window.start, today);
  const faulty = new Set(store.config.faultyFunds.map((fund) => fund.index));
  // The added, removed and capital-call funds: small ones past the first three (which tests lean on).
  const small = store.funds.flatMap((fund, index) =>
    index >= 3 && !faulty.has(index) && fund.investor_count >= 5 && fund.investor_count <= 300 ? [index] : [],
  );
  const later = (fund: DemoFund) => /^20(2[89]|30)/.test(String(fund.capital_due_date ?? ""));
  const callFund = small.find((index) => index !== small[0] && index !== small[1] && later(store.funds[index]!));
  const pasts = new Map<string, FundPast>();
  const pastOf = (fund: DemoFund): FundPast => {
    let past = pasts.get(fund.id);
    if (!past) {
      const index = store.funds.indexOf(fund);
      past = fundPast(store, fund, index, window, {
        added: index === small[0],
        removed: index === small[1],
        call: index === (callFund ?? small[2]),
      });
      pasts.set(fund.id, past);
    }
    return past;
  };
  const moment = (day: string) => Date.parse(`${day}T23:59:59.999Z`);

  function investorsAt(fundId: string, day: string): DemoInvestor[] | undefined {
    const fund = store.getFund(fundId);
    if (!fund) return undefined;
    const past = pastOf(fund);
    const at = moment(day);
    const after = past.events.filter((event) => event.at > at);
    const last = past.today.length - 1;
    const list = past.today.flatMap((investor, place) =>
      past.added && place === last && at < past.added.at ? [] : [investorAt(investor, after, place)],
    );
    if (past.removed && at < past.removed.at) list.push(past.removed.investor);
    return list;
  }

  const fields = {
    total_commitments: "commitment_amount",
    total_contributed: "contributed_amount",
    total_received: "total_received",
  };

  /** The fund's record as of the day: its own figures move as its investors' do (planted differences stay). */
  function fundAt(fundId: string, day: string): DemoFund | undefined {
    const fund = store.getFund(fundId);
    if (!fund) return undefined;
    const past = pastOf(fund);
    const at = moment(day);
    const absent = past.added && at < past.added.at ? past.today[past.today.length - 1] : undefined;
    const present = past.removed && at < past.removed.at ? past.removed.investor : undefined;
    const copy: DemoFund = {
      ...fund,
      investor_count: fund.investor_count - (absent ? 1 : 0) + (present ? 1 : 0),
    };
    for (const total of totals) {
      const field = fields[total];
      let value = parseCents(fund[total]) - (cents(absent?.[field]) ?? 0n) + (cents(present?.[field]) ?? 0n);
      for (const event of past.events)
        if (event.at > at) for (const deltas of event.deltas.values()) value -= deltas[field] ?? 0n;
      copy[total] = formatCents(value);
    }
    const call = past.events.find((event) => event.at > at && event.dueDateBefore !== undefined);
    if (call) copy.capital_due_date = call.dueDateBefore ?? null;
    return copy;
  }

  function changed(day: string): string[] {
    const at = days.indexOf(Date.parse(`${day}T00:00:00Z`));
    if (at <= 0) return at === 0 ? store.funds.map((fund) => fund.id) : [];
    const [from, to] = [moment(dayOf(days[at - 1]!)), moment(day)];
    return store.funds
      .filter((fund) => {
        const past = pastOf(fund);
        const marks = [...past.events.map((event) => event.at), past.added?.at, past.removed?.at];
        return marks.some((mark) => mark !== undefined && mark > from && mark <= to);
      })
      .map((fund) => fund.id);
  }

  return {
    days: days.map(dayOf),
    changed,
    fundsAt: (day) => store.funds.map((fund) => fundAt(fund.id, day)!),
    fundAt,
    investorsAt,
  };
}
