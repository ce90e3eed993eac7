// The demo's past: its data as of each day of the current quarter and the two before it, deterministic from the seed
// and anchored on today. Today's data is the store's; each event of the past (payments, a capital call,
// distributions, revaluations, an investor added and one removed) is undone for the days before it.
import { formatCents, parseCents } from "./format";
import { fullName, personName, email } from "./people";
import { Rng, hashSeed } from "./prng";
import type { DemoStore } from "./store";
import type { DemoFund, DemoInvestor } from "./types";

const dayMs = 86_400_000;
const moved = ["contributed_amount", "total_received", "life_distributions", "net_asset_value", "total_capital_due"];
type Field = (typeof moved)[number];
type Deltas = Map<number, Partial<Record<Field, bigint>>>;

/** A day's change to a fund: what each investor (by place in today's list) gained that day. */
interface PastEvent {
  at: number;
  deltas: Deltas;
  /** The fund's capital due date before this event (a capital call sets it). */
  dueDateBefore?: string | null;
}

interface FundPast {
  /** Today's investors, generated once. */
  today: DemoInvestor[];
  events: PastEvent[];
  /** Today's last investor joined that day (absent before it). */
  added: { at: number } | null;
  /** An investor who left that day (present before it, not today). */
  removed: { at: number; investor: DemoInvestor } | null;
}

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
const quarterStart = (ms: number, back = 0) => {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), Math.floor(date.getUTCMonth() / 3) * 3 - 3 * back, 1);
};
const cents = (value: unknown): bigint | null =>
  typeof value === "string" && /^-?\d+\.\d{2}$/.test(value) ? parseCents(value) : null;
const share = (amount: bigint, percent: number) => (amount * BigInt(percent)) / 100n;

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

function pickSome(rng: Rng, from: readonly number[], count: number): number[] {
  const pool = [...from];
  const picked: number[] = [];
  while (picked.length < count && pool.length > 0) picked.push(pool.splice(rng.int(0, pool.length - 1), 1)[0]!);
  return picked;
}

/** Builds one fund's events walking back from today: each event's amounts are worked out from the state after it. */
function fundPast(
  store: DemoStore,
  fund: DemoFund,
  index: number,
  window: { start: number; today: number },
  roles: { added: boolean; removed: boolean; call: boolean },
): FundPast {
  const rng = new Rng(hashSeed(store.config.seed, index, 11));
  const investors = store.listInvestors(fund.id) ?? [];
  const { start, today } = window;
  const lastQuarter = { from: quarterStart(today, 1), to: quarterStart(today) - dayMs };
  const big = investors.length > 500;
  const lastAdded = roles.added && investors.length > 1 ? investors.length - 1 : -1;
  const state = investors.map((investor) => Object.fromEntries(moved.map((field) => [field, cents(investor[field])])));
  const dayIn = (from: number, to: number) => from + rng.int(0, Math.max(0, Math.round((to - from) / dayMs))) * dayMs;
  const recent = () => dayIn(today - 29 * dayMs, today - dayMs);
  const planned: { at: number; kind: "payment" | "distribution" | "revaluation" | "call" }[] = [];
  // Every day a fund changes is a whole list to keep: its moves share days. A big fund moves once, at the last
  // quarter's end (a payment, a distribution, a revaluation); a small one in the last quarter, at its end, within the
  // last 30 days, and now and then on another day.
  const quarterEnd = quarterStart(today) - dayMs;
  const inQuarter = big ? quarterEnd : dayIn(lastQuarter.from + dayMs, lastQuarter.to - dayMs);
  const lately = recent();
  planned.push({ at: inQuarter, kind: "payment" });
  if (!big) planned.push({ at: lately, kind: "payment" });
  if (!big && rng.chance(0.3)) planned.push({ at: dayIn(start + dayMs, today - dayMs), kind: "payment" });
  if (investors.some((investor) => (cents(investor.life_distributions) ?? 0n) > 0n)) {
    planned.push({ at: inQuarter, kind: "distribution" });
    if (!big && rng.chance(0.5)) planned.push({ at: lately, kind: "distribution" });
  }
  planned.push({ at: quarterEnd, kind: "revaluation" });
  if (roles.call) planned.push({ at: today - 9 * dayMs, kind: "call" });
  // Newest first: each event is undone from the state after it.
  planned.sort((a, b) => b.at - a.at);
  const events: PastEvent[] = [];
  const eligible = (test: (row: Record<string, bigint | null>) => boolean) =>
    state.flatMap((row, at) => (at !== lastAdded && test(row) ? [at] : []));
  for (const plan of planned) {
    const deltas: Deltas = new Map();
    const undo = (at: number, field: Field, amount: bigint) => {
      const row = state[at]!;
      if (row[field] === null || amount === 0n) return;
      row[field] = row[field]! - amount;
      deltas.set(at, { ...deltas.get(at), [field]: (deltas.get(at)?.[field] ?? 0n) + amount });
    };
    const event: PastEvent = { at: plan.at, deltas };
    if (plan.kind === "payment") {
      const payers = eligible(
        (row) =>
          (row.contributed_amount ?? 0n) >= 100_000n &&
          (row.total_received ?? 0n) >= (row.contributed_amount ?? 0n) / 2n,
      );
      for (const at of pickSome(rng, payers, big ? 3 : 1 + rng.int(0, 3))) {
        const row = state[at]!;
        const paid = (share(row.contributed_amount!, rng.int(10, 40)) / 100n) * 100n;
        const nav = row.net_asset_value ?? 0n;
        undo(at, "contributed_amount", paid);
        undo(at, "total_received", paid < row.total_received! ? paid : row.total_received!);
        undo(at, "net_asset_value", paid < nav ? paid : nav);
      }
    } else if (plan.kind === "distribution") {
      const percent = rng.int(15, 35);
      for (const at of eligible((row) => (row.life_distributions ?? 0n) > 0n)) {
        const paid = share(state[at]!.life_distributions!, percent);
        undo(at, "life_distributions", paid);
        undo(at, "net_asset_value", -paid);
      }
    } else if (plan.kind === "revaluation") {
      const percent = rng.int(-6, 10);
      for (const at of eligible((row) => (row.net_asset_value ?? 0n) > 0n))
        undo(at, "net_asset_value", share(state[at]!.net_asset_value!, percent));
    } else {
      // The call raised what each investor owes by a third; before it, the fund named no due date.
      for (const at of eligible((row) => (row.total_capital_due ?? 0n) > 0n))
        undo(at, "total_capital_due", share(state[at]!.total_capital_due!, 33));
      event.dueDateBefore = null;
    }
    events.push(event);
  }
  return {
    today: investors,
    events,
    added: lastAdded >= 0 ? { at: today - 4 * dayMs } : null,
    removed: roles.removed && investors[0] ? { at: today - 20 * dayMs, investor: leaver(investors[0], rng) } : null,
  };
}

/** An investor who left: another person in the first investor's shape, with amounts of their own. */
function leaver(template: DemoInvestor, rng: Rng): DemoInvestor {
  const name = personName(rng);
  const commitment = BigInt(rng.int(50, 500)) * 100_000n;
  const contributed = share(commitment, 60);
  const account = template.investment_account;
  return {
    ...template,
    id: rng.uuid(),
    investment_account: {
      ...account,
      legal_name: fullName(name),
      display_name: fullName(name),
      investor_type: "individual",
      tax_id: `${rng.digits(3)}-${rng.digits(2)}-${rng.digits(4)}`,
      tax_id_type: "ssn",
    },
    primary_contact: {
      first_name: name.first,
      last_name: name.last,
      full_name: fullName(name),
      email: email(rng, name.first, name.last),
    },
    team_members: [],
    commitment_amount: formatCents(commitment),
    contributed_amount: formatCents(contributed),
    total_received: formatCents(contributed),
    unfunded_commitment_amount: formatCents(commitment - contributed),
    total_capital_due: formatCents(commitment),
    life_distributions: "0.00",
    net_asset_value: formatCents(contributed),
  };
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
