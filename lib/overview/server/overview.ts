import "server-only";
import type { Principal } from "../../data/principal";
import { organizationState } from "../../organization/server/state";
import { fundsViewUrl } from "../../funds/search-params";
import { outstandingViewSearch } from "../../outstanding/search-params";
import { contributedByDay, type OrgOverview, orgOverview, type StoreScope } from "../../store/server";
import { countOf } from "../../values/count";
import type { ChartRow, ContributedHistory, OutstandingSeries, Overview, TargetSeries } from "../types";

// The Overview's figures, as SQL over the store's read model: the funds' own totals, what their positions add up to,
// and the kept reads over time; of the funds the person may see only.

const chartBars = 12;

async function contributedHistory(scope: StoreScope): Promise<ContributedHistory> {
  try {
    return { points: await contributedByDay(scope), error: null };
  } catch (error) {
    // A store that is down never fails the page: the chart says why it is missing.
    return { points: [], error: error instanceof Error ? error.message : "History unavailable" };
  }
}

const fundHref = (id: string) => `/funds/${encodeURIComponent(id)}`;

function targetRows(overview: OrgOverview, refOf: (fund: { fingerprint: string; fundId: string }) => string) {
  const rows: ChartRow<TargetSeries>[] = overview.byCommitments.map((fund) => ({
    key: refOf(fund),
    label: fund.name,
    href: fundHref(refOf(fund)),
    values: { commitments: fund.commitments, target: fund.target },
  }));
  const others = overview.otherCommitments;
  if (others.count > 0)
    rows.push({
      key: "others",
      label: `Others (${countOf(others.count, "fund")})`,
      href: fundsViewUrl({ sort: { id: "total_commitments", direction: "desc" } }),
      values: { commitments: others.commitments, target: others.target },
    });
  return rows;
}

function outstandingRows(overview: OrgOverview, refOf: (fund: { fingerprint: string; fundId: string }) => string) {
  const rows: ChartRow<OutstandingSeries>[] = overview.byOutstanding.map((fund) => ({
    key: refOf(fund),
    label: fund.name,
    href: `/outstanding${outstandingViewSearch({ fund: refOf(fund), overdue: fund.overdue, sort: null })}`,
    values: fund.overdue ? { overdue: fund.outstanding, notDue: "0" } : { overdue: "0", notDue: fund.outstanding },
  }));
  const others = overview.otherOutstanding;
  if (others.count > 0)
    rows.push({
      key: "others",
      label: `Others (${countOf(others.count, "fund")})`,
      href: "/outstanding",
      values: { overdue: others.overdue, notDue: others.notDue },
    });
  return rows;
}

/** The Overview of every fund the person can see, as the read model stands now. */
export async function overviewOf(principal: Principal): Promise<Overview> {
  const organization = await organizationState(principal);
  const today = new Date().toISOString().slice(0, 10);
  const [overview, contributed] = await Promise.all([
    orgOverview({ scope: organization.scope, today, bars: chartBars }),
    contributedHistory(organization.scope),
  ]);
  // Positions are whole only once every fund was tried: until then they are not summed as if they were.
  const { complete, refOf } = organization;
  return {
    totals: {
      funds: overview.funds,
      target: overview.target,
      commitments: overview.commitments,
      contributed: overview.contributed,
      received: overview.received,
    },
    positions: complete
      ? { unfunded: overview.unfunded, outstanding: overview.outstanding ?? "0", overdue: overview.overdue ?? "0" }
      : null,
    byTarget: targetRows(overview, refOf),
    outstanding: complete ? outstandingRows(overview, refOf) : [],
    contributed,
    complete,
    progress: organization.progress,
    failedFunds: organization.failedFunds,
  };
}
