import "server-only";
import type { Principal } from "../../data/principal";
import { changesSince, latestFundsList, type PositionChange } from "../../store/server";
import { sinceInstant } from "../../table/since";
import { DecimalSum } from "../../values/decimal";
import { fundName } from "../../funds/columns";
import type { ChangesView } from "../search-params";
import { type ChangeKind, changeKinds, type FundChanges, type OrganizationChanges } from "../types";
import { comparedFundName, fundChangesOf, kindsOf } from "./fund-changes";

// The changes of one fund or of the organization, since a moment, straight from the kept reads (lib/store).

function byFund(positions: readonly PositionChange[]): Map<string, PositionChange[]> {
  const grouped = new Map<string, PositionChange[]>();
  for (const position of positions) {
    const list = grouped.get(position.fundId) ?? [];
    list.push(position);
    grouped.set(position.fundId, list);
  }
  return grouped;
}

/** A fund's changes since `since` (1d, 7d, 30d, a day, an instant); null when none of its lists was ever kept. */
export async function fundChanges(_principal: Principal, fundId: string, since: string): Promise<FundChanges | null> {
  const at = sinceInstant(since);
  const { funds, positions } = await changesSince(at, fundId);
  return funds[0] ? fundChangesOf(funds[0], positions, at) : null;
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
  const investors = changes.investors.flatMap((investor) => {
    if (q && !investor.name.toLowerCase().includes(q) && !investor.investorId.toLowerCase().includes(q)) return [];
    if (kinds.size === 0) return [investor];
    if (investor.change !== "changed") return kinds.has(investor.change) ? [investor] : [];
    const fields = investor.fields.filter((field) => kinds.has(field.kind));
    return fields.length > 0 ? [{ ...investor, fields }] : [];
  });
  const counts = Object.fromEntries(changeKinds.map((kind) => [kind, 0])) as Record<ChangeKind, number>;
  for (const investor of investors) for (const kind of new Set(kindsOf(investor))) counts[kind] += 1;
  const figures = kinds.size === 0 && !q ? changes.figures : [];
  return { ...changes, investors, counts, figures };
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

/** The organization's changes in the view: newest day first (the day each fund's newest read was made), by fund. */
export async function organizationChanges(_principal: Principal, view: ChangesView): Promise<OrganizationChanges> {
  const at = sinceInstant(view.since);
  const [{ funds, positions }, list] = await Promise.all([changesSince(at, view.fund), latestFundsList()]);
  const grouped = byFund(positions);
  const compared = funds.filter((fund) => fund.before !== null);
  const changes = compared
    .map((fund) => filtered(fundChangesOf(fund, grouped.get(fund.fundId) ?? [], at), view))
    .filter((fund) => fund.investors.length > 0 || fund.figures.length > 0 || fund.gap !== null);
  const days = new Map<string, FundChanges[]>();
  for (const fund of changes) {
    const day = fund.after.readAt.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), fund]);
  }
  const kept = new Map(funds.map((fund) => [fund.fundId, fund]));
  // Funds the fund list names that were never kept, and funds whose history starts after the moment.
  const listed = ((list?.funds ?? []) as { id?: unknown }[]).filter(
    (fund): fund is { id: string } => typeof fund?.id === "string" && (!view.fund || fund.id === view.fund),
  );
  const withoutHistory = [
    ...funds
      .filter((fund) => fund.before === null)
      .map((fund) => ({
        id: fund.fundId,
        name: comparedFundName(fund),
        historyStartsAt: fund.firstReadAt.toISOString(),
      })),
    ...listed
      .filter((fund) => !kept.has(fund.id))
      .map((fund) => ({ id: fund.id, name: fundName(fund as Parameters<typeof fundName>[0]), historyStartsAt: null })),
  ];
  const counts = Object.fromEntries(changeKinds.map((kind) => [kind, 0])) as Record<ChangeKind, number>;
  for (const fund of changes) for (const kind of changeKinds) counts[kind] += fund.counts[kind];
  return {
    since: at.toISOString(),
    compared: compared.length,
    withoutHistory,
    days: [...days]
      .sort(([a], [b]) => b.localeCompare(a))
      .map(([day, dayFunds]) => ({ day, funds: dayFunds.sort((a, b) => a.fund.name.localeCompare(b.fund.name)) })),
    totals: totalsOf(changes),
    counts,
  };
}
