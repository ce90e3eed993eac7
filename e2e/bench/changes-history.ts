// The changes scenario's past of one fund: events on days before now (payments, capital calls, investors added and
// removed, contact changes), and the fund's list and record as they were at an earlier read, undoing the later ones.
import Big from "big.js";
import { decimalOrNull } from "../../lib/store/columns";

type Investor = Record<string, unknown>;
type Fund = Record<string, unknown>;

export type FundEvent =
  | { kind: "pay" | "call"; daysAgo: number; investorId: string; amount: string }
  | { kind: "add" | "contact"; daysAgo: number; investorId: string }
  | { kind: "remove"; daysAgo: number; record: Investor };

/** How many of each event a fund gets over the days (rates per investor or per fund). */
export interface EventMix {
  days: number;
  payersPerWeek: number;
  callChance: number;
  callShare: number;
  added: number;
  removed: number;
  contacts: number;
}

/** A seeded generator (mulberry32): the same past on every run. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const amountOf = (record: Investor, key: string) => decimalOrNull(record[key]);
// A whole number of times the probability, plus one more with the fractional part's chance.
const count = (rng: () => number, expected: number) => Math.floor(expected) + (rng() < expected % 1 ? 1 : 0);

/** The events of one fund's past, drawn against its current (masked) list. */
export function fundEvents(investors: readonly Investor[], mix: EventMix, rng: () => number): FundEvent[] {
  const events: FundEvent[] = [];
  const day = () => rng() * (mix.days - 1);
  const pick = () => investors[Math.floor(rng() * investors.length)]!;
  const payers = new Set<Investor>();
  const wanted = count(rng, (investors.length * mix.payersPerWeek * mix.days) / 7);
  for (let i = 0; i < wanted; i += 1) payers.add(pick());
  for (const investor of payers) {
    const contributed = amountOf(investor, "contributed_amount");
    const commitment = amountOf(investor, "commitment_amount");
    if (!contributed || !commitment || new Big(contributed).lte(0)) continue;
    // A tenth of the commitment, at most what it has contributed by now: the payment undone leaves no negative.
    const tenth = new Big(commitment).times("0.1");
    const amount = (tenth.lt(contributed) ? tenth : new Big(contributed)).round(2, Big.roundDown).toFixed(2);
    events.push({ kind: "pay", daysAgo: day(), investorId: String(investor.id), amount });
  }
  if (rng() < mix.callChance) {
    const daysAgo = day();
    for (const investor of investors.filter(() => rng() < mix.callShare)) {
      const commitment = amountOf(investor, "commitment_amount");
      if (commitment && amountOf(investor, "total_capital_due"))
        events.push({
          kind: "call",
          daysAgo,
          investorId: String(investor.id),
          amount: new Big(commitment).times("0.05").toFixed(2),
        });
    }
  }
  const joined = new Set(Array.from({ length: count(rng, mix.added) }, () => String(pick().id)));
  for (const investorId of joined) events.push({ kind: "add", daysAgo: day(), investorId });
  for (let i = 0; i < count(rng, mix.contacts); i += 1)
    events.push({ kind: "contact", daysAgo: day(), investorId: String(pick().id) });
  for (let i = 0; i < count(rng, mix.removed); i += 1) {
    const like = pick();
    const id = `former-${String(like.id).slice(0, 8)}-${i}`;
    const account = { ...(like.investment_account as Investor), display_name: `Former Investor ${id.slice(-10)}` };
    events.push({ kind: "remove", daysAgo: day(), record: { ...like, id, investment_account: account } });
  }
  return events;
}

const shifted = (value: unknown, by: Big) => {
  const text = decimalOrNull(value);
  return text === null ? value : new Big(text).plus(by).toFixed(2);
};

/** The list and fund record as an earlier read saw them: every event after `daysAgo` undone. */
export function versionAt(investors: readonly Investor[], fund: Fund, events: readonly FundEvent[], daysAgo: number) {
  const later = events.filter((event) => event.daysAgo < daysAgo);
  const byId = new Map(investors.map((investor) => [String(investor.id), investor]));
  const changed = new Map<string, Investor>();
  const gone = new Set<string>();
  const former: Investor[] = [];
  const edit = (id: string) => changed.get(id) ?? byId.get(id)!;
  let contributed = new Big(0);
  let commitments = new Big(0);
  let added = 0;
  for (const event of later) {
    if (event.kind === "remove") {
      former.push(event.record);
      commitments = commitments.plus(amountOf(event.record, "commitment_amount") ?? 0);
      added -= 1;
      continue;
    }
    if (event.kind === "add") {
      gone.add(event.investorId);
      commitments = commitments.minus(amountOf(edit(event.investorId), "commitment_amount") ?? 0);
      added += 1;
      continue;
    }
    const record = { ...edit(event.investorId) };
    if (event.kind === "pay") {
      const paid = new Big(event.amount);
      record.contributed_amount = shifted(record.contributed_amount, paid.neg());
      record.total_received = shifted(record.total_received, paid.neg());
      record.unfunded_commitment_amount = shifted(record.unfunded_commitment_amount, paid);
      contributed = contributed.plus(paid);
    } else if (event.kind === "call")
      record.total_capital_due = shifted(record.total_capital_due, new Big(event.amount).neg());
    else {
      const contact = record.primary_contact as Investor;
      record.primary_contact = { ...contact, email: `previous.${String(contact?.email ?? "none")}` };
    }
    changed.set(event.investorId, record);
  }
  const list = investors
    .filter((investor) => !gone.has(String(investor.id)))
    .map((investor) => changed.get(String(investor.id)) ?? investor)
    .concat(former);
  const record = {
    ...fund,
    total_contributed: shifted(fund.total_contributed, contributed.neg()),
    total_received: shifted(fund.total_received, contributed.neg()),
    total_commitments: shifted(fund.total_commitments, commitments),
    investor_count: typeof fund.investor_count === "number" ? fund.investor_count - added : fund.investor_count,
  };
  return { investors: list, fund: record };
}
