// The demo's past, event by event: each fund's payments, distributions, revaluations and capital call, worked out
// walking back from today's data (deterministic from the seed), and the investor who left.
import { formatCents, parseCents } from "./format";
import { email, fullName, personName } from "./people";
import { Rng, hashSeed } from "./prng";
import type { DemoStore } from "./store";
import type { DemoFund, DemoInvestor } from "./types";

export const dayMs = 86_400_000;
const moved = ["contributed_amount", "total_received", "life_distributions", "net_asset_value", "total_capital_due"];
type Field = (typeof moved)[number];
type Deltas = Map<number, Partial<Record<Field, bigint>>>;

/** A day's change to a fund: what each investor (by place in today's list) gained that day. */
export interface PastEvent {
  at: number;
  deltas: Deltas;
  /** The fund's capital due date before this event (a capital call sets it). */
  dueDateBefore?: string | null;
}

export interface FundPast {
  /** Today's investors, generated once. */
  today: DemoInvestor[];
  events: PastEvent[];
  /** Today's last investor joined that day (absent before it). */
  added: { at: number } | null;
  /** An investor who left that day (present before it, not today). */
  removed: { at: number; investor: DemoInvestor } | null;
}

export const quarterStart = (ms: number, back = 0) => {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), Math.floor(date.getUTCMonth() / 3) * 3 - 3 * back, 1);
};
export const cents = (value: unknown): bigint | null =>
  typeof value === "string" && /^-?\d+\.\d{2}$/.test(value) ? parseCents(value) : null;
const share = (amount: bigint, percent: number) => (amount * BigInt(percent)) / 100n;

function pickSome(rng: Rng, from: readonly number[], count: number): number[] {
  const pool = [...from];
  const picked: number[] = [];
  while (picked.length < count && pool.length > 0) picked.push(pool.splice(rng.int(0, pool.length - 1), 1)[0]!);
  return picked;
}

/** Builds one fund's events walking back from today: each event's amounts are worked out from the state after it. */
export function fundPast(
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
