import "server-only";
import { fundAccess } from "../../data/fund-access";
import { fundAsRef } from "../../data/funds";
import type { Principal } from "../../data/principal";
import { fingerprintOf, refParts, sourceNames } from "../../data/sources";
import { fundRefOf, organizationScope } from "../../data/organization";
import { fundName } from "../../funds/columns";
import { heldRead, scopeFunds, unkeptFunds } from "../../store/server";
import { sinceInstant } from "../../table/since";
import { DecimalSum } from "../../values/decimal";
import { byDay, pageOfChanges } from "../paging";
import type { ChangesPageView, ChangesView } from "../search-params";
import { type ChangeKind, changeKinds, type FundChanges, type OrganizationChanges } from "../types";
import { type ComparedFund, comparedSince } from "./compared";
import { kindsOf } from "../investor-changes";
import { comparedFundName, fundChangesOf } from "./fund-changes";

// The changes of one fund or of the organization, since a moment, from the kept reads (lib/store) and the pairs of
// reads already compared (compared.ts); the organization's a page at a time, its sums and counts over every page.

/** A fund's changes since `since` (1d, 7d, 30d, a day, an instant); null when none of its lists was ever kept. */
export async function fundChanges(principal: Principal, ref: string, since: string): Promise<FundChanges | null> {
  const access = await fundAccess(principal, ref, "fund.read");
  return heldRead(`changes:${access.storeKey}:${since}`, access.storeKey, async () => {
    const at = sinceInstant(since);
    const [compared] = await comparedSince(at, [access]);
    return compared ? fundChangesOf(compared.fund, compared.investors, at) : null;
  });
}

/** The ids of the fund's investors added or changed since `since` (the investor table's `changed` filter). */
export async function changedInvestorIds(principal: Principal, fundId: string, since: string): Promise<Set<string>> {
  const changes = await fundChanges(principal, fundId, since);
  return new Set(changes?.investors.filter((investor) => investor.change !== "removed").map((i) => i.investorId));
}

/** Only the investors and fields of the view's kinds and search; the fund's own figures only when no filter is on. */
function filtered(changes: FundChanges, view: ChangesView): FundChanges {
  const kinds = new Set<ChangeKind>(view.kind);
  const q = view.q.trim().toLowerCase();
  if (kinds.size === 0 && !q) return changes;
  const investors = changes.investors.flatMap((investor) => {
    if (q && !investor.name.toLowerCase().includes(q) && !investor.investorId.toLowerCase().includes(q)) return [];
    if (kinds.size === 0) return [investor];
    if (investor.change !== "changed") return kinds.has(investor.change) ? [investor] : [];
    const fields = investor.fields.filter((field) => kinds.has(field.kind));
    return fields.length > 0 ? [{ ...investor, fields }] : [];
  });
  const counts = Object.fromEntries(changeKinds.map((kind) => [kind, 0])) as Record<ChangeKind, number>;
  for (const investor of investors) for (const kind of new Set(kindsOf(investor))) counts[kind] += 1;
  return { ...changes, investors, counts, figures: [] };
}

/** Exact sums of each amount's differences over the funds' investors (added and removed ones' commitments too). */
function totalsOf(funds: readonly FundChanges[]): Record<string, string> {
  const sums = new Map<string, DecimalSum>();
  const add = (field: string, difference: string | null) => {
    if (difference === null) return;
    if (!sums.has(field)) sums.set(field, new DecimalSum());
    sums.get(field)!.add(difference);
  };
  for (const fund of funds)
    for (const investor of fund.investors) {
      if (investor.change === "added") add("commitment_amount", investor.commitment);
      else if (investor.change === "removed" && investor.commitment !== null)
        add(
          "commitment_amount",
          investor.commitment.startsWith("-") ? investor.commitment.slice(1) : `-${investor.commitment}`,
        );
      for (const field of investor.fields) if (field.amount) add(field.field, field.difference);
    }
  return Object.fromEntries([...sums].map(([field, sum]) => [field, sum.total ?? "0"]));
}

const byName = new Intl.Collator().compare;
const dayOf = (fund: FundChanges) => fund.after.readAt.slice(0, 10);

/** The funds of the view: the one named, or every fund in the person's scope; each with its store key. */
async function fundsOfView(principal: Principal, view: ChangesView): Promise<(ComparedFund & { source: string })[]> {
  if (view.fund) return [await fundAccess(principal, view.fund, "fund.read")];
  const [funds, refOf] = await Promise.all([scopeFunds(await organizationScope(principal)), fundRefOf()]);
  return funds.map((fund) => {
    const ref = refOf(fund);
    return { ref, source: refParts(ref)!.source!, storeKey: fund.fundKey };
  });
}

/** The view's funds whose investors were never kept, each source's from its newest kept funds list. */
async function unkeptOf(funds: readonly (ComparedFund & { source: string })[]) {
  const found = await Promise.all(
    sourceNames().map(async (source) => {
      const keys = funds.filter((fund) => fund.source === source).map((fund) => fund.storeKey);
      if (keys.length === 0) return [];
      const records = await unkeptFunds(await fingerprintOf(source), keys);
      return records.map((record) => fundAsRef({ source }, record as { id: string }));
    }),
  );
  return found.flat();
}

/** The organization's changes in the view, every page: newest day first (the day of each fund's newest read), then
 * each day's funds by name. */
async function wholeView(principal: Principal, view: ChangesView) {
  const at = sinceInstant(view.since);
  const inView = await fundsOfView(principal, view);
  const [comparisons, unkept] = await Promise.all([comparedSince(at, inView), unkeptOf(inView)]);
  const compared = comparisons.filter(({ fund }) => fund.before !== null);
  const funds = compared
    .map(({ fund, investors }) => filtered(fundChangesOf(fund, investors, at), view))
    .filter((fund) => fund.investors.length > 0 || fund.figures.length > 0 || fund.gap !== null)
    .sort((a, b) => (dayOf(a) === dayOf(b) ? byName(a.fund.name, b.fund.name) : dayOf(b) < dayOf(a) ? -1 : 1));
  const withoutHistory = [
    ...comparisons
      .filter(({ fund }) => fund.before === null)
      .map(({ fund }) => ({
        id: fund.fundId,
        name: comparedFundName(fund),
        historyStartsAt: fund.firstReadAt.toISOString(),
      })),
    // Funds the fund list names whose investors were never kept.
    ...unkept.map((fund) => ({
      id: String(fund.id),
      name: fundName(fund as Parameters<typeof fundName>[0]),
      historyStartsAt: null,
    })),
  ];
  const counts = Object.fromEntries(changeKinds.map((kind) => [kind, 0])) as Record<ChangeKind, number>;
  for (const fund of funds) for (const kind of changeKinds) counts[kind] += fund.counts[kind];
  return { since: at.toISOString(), compared: compared.length, withoutHistory, funds, totals: totalsOf(funds), counts };
}

/** A page of the organization's changes in the view; its sums, counts and funds are the whole view's. */
export async function organizationChanges(principal: Principal, view: ChangesPageView): Promise<OrganizationChanges> {
  const { funds, ...whole } = await wholeView(principal, view);
  const shown = pageOfChanges(funds, view.page);
  return { ...whole, days: byDay(shown.funds), page: shown.page, funds: funds.map((fund) => fund.fund) };
}

/** Every change in the view, in the pages' order (the CSV and xlsx). */
export async function everyChange(principal: Principal, view: ChangesView): Promise<FundChanges[]> {
  return (await wholeView(principal, view)).funds;
}
