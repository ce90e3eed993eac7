import "server-only";
import type { Principal } from "../../data/principal";
import { storeKeysOf } from "../../data/sources";
import { organizationSnapshot } from "../../fund-reads/server/scoped-organization";
import { fundsViewUrl } from "../../funds/search-params";
import { outstandingViewSearch } from "../../outstanding/search-params";
import { contributedByDay } from "../../store/server";
import { fundTotals, positionSums, sumOf, topWithOthers } from "../totals";
import type { ChartRow, ContributedHistory, OutstandingSeries, Overview, TargetSeries } from "../types";

// The Overview's figures: the funds list's own totals, the organization's positions and the kept reads over time.

const chartBars = 12;

async function contributedHistory(fundIds: readonly string[]): Promise<ContributedHistory> {
  try {
    return { points: await contributedByDay(await storeKeysOf(fundIds)), error: null };
  } catch (error) {
    // A store that is down never fails the page: the chart says why it is missing.
    return { points: [], error: error instanceof Error ? error.message : "History unavailable" };
  }
}

/**
 * The Overview of every fund the person can see, as the organization's reads stand now: after a restart, from the
 * kept reads (its funds list and figures included) while the live reads run, like every other page.
 */
export async function overviewOf(principal: Principal): Promise<Overview> {
  const organization = await organizationSnapshot(principal);
  const funds = organization.states.map((fund) => ({ id: fund.id, name: fund.name, ...fund.figures }));
  // Over the funds the person sees, only: kept reads of others never add to their totals.
  const contributed = await contributedHistory(funds.map((fund) => fund.id));

  const { top, others } = topWithOthers(funds, (fund) => fund.total_commitments, chartBars);
  const byTarget: ChartRow<TargetSeries>[] = top.map((fund) => ({
    key: fund.id,
    label: fund.name,
    href: `/funds/${encodeURIComponent(fund.id)}`,
    values: { commitments: fund.total_commitments ?? null, target: fund.target_size ?? null },
  }));
  if (others.length > 0) {
    const rest = fundTotals(others);
    byTarget.push({
      key: "others",
      label: `Others (${others.length} funds)`,
      href: fundsViewUrl({ sort: { id: "total_commitments", direction: "desc" } }),
      values: { commitments: rest.commitments, target: rest.target },
    });
  }

  // Positions are whole only once every fund was tried: until then they are not summed as if they were.
  const { complete } = organization;
  const sums = complete ? positionSums(organization.states, Date.now()) : null;
  const outstanding: ChartRow<OutstandingSeries>[] = [];
  if (sums) {
    const split = topWithOthers(sums.byFund, (fund) => fund.outstanding, chartBars);
    for (const fund of split.top) {
      const overdue = fund.overdue !== "0";
      outstanding.push({
        key: fund.id,
        label: fund.name,
        href: `/outstanding${outstandingViewSearch({ fund: fund.id, overdue, sort: null })}`,
        values: { overdue: fund.overdue, notDue: fund.notDue },
      });
    }
    if (split.others.length > 0)
      outstanding.push({
        key: "others",
        label: `Others (${split.others.length} funds)`,
        href: "/outstanding",
        values: {
          overdue: sumOf(split.others.map((f) => f.overdue)),
          notDue: sumOf(split.others.map((f) => f.notDue)),
        },
      });
  }

  return {
    totals: fundTotals(funds),
    positions: sums && {
      unfunded: sums.unfunded,
      outstanding: sumOf(sums.byFund.map((fund) => fund.outstanding)),
      overdue: sumOf(sums.byFund.map((fund) => fund.overdue)),
    },
    byTarget,
    outstanding,
    contributed,
    complete,
    progress: organization.progress,
    failedFunds: organization.failedFunds,
  };
}
