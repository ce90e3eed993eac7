import type { Metadata } from "next";
import { connection } from "next/server";
import { BooksState } from "@/components/overview/books-state";
import { ContributedOverTime } from "@/components/overview/contributed-over-time";
import { InvestorTypesChart, OutstandingChart, TargetChart } from "@/components/overview/overview-charts";
import { OverviewStatus } from "@/components/overview/overview-status";
import { OverviewTotals } from "@/components/overview/overview-totals";
import { requireUser } from "@/lib/auth/session";
import type { Principal } from "@/lib/data/principal";
import { directoryCounts } from "@/lib/directory/server/reads";
import { overviewOf } from "@/lib/overview/server/overview";
import type { BooksState as Counts, InvestorCounts } from "@/lib/overview/types";
import { reconciliationSummaries } from "@/lib/reconciliation/server/summaries";

export const metadata: Metadata = { title: "Overview" };

async function readOverview(user: Principal) {
  const [overview, summaries, investors] = await Promise.all([
    overviewOf(user),
    reconciliationSummaries(user),
    directoryCounts(user),
  ]);
  const counts: Counts = { ties: 0, differs: 0, unread: 0, failed: 0 };
  for (const line of Object.values(summaries.funds)) counts[line.status] += 1;
  // The directory's investors are whole only once every fund was tried, like the other position totals.
  return { overview, counts, investors: investors satisfies InvestorCounts | null };
}

// Server-rendered through and through: no client component, so `/` adds no JS of its own.
export default async function OverviewPage() {
  await connection();
  const user = await requireUser();
  const read = await readOverview(user).catch((error: unknown) => ({
    error: error instanceof Error ? error.message : "The funds could not be read.",
  }));
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold tracking-tight">Overview</h1>
      {"error" in read ? (
        // Without the funds list there is nothing to total; the message says why.
        <p role="alert" className="rounded-md border border-red-300 p-3 text-sm dark:border-red-800">
          {read.error} Reload the page to try again.
        </p>
      ) : (
        <>
          <OverviewStatus
            progress={read.overview.progress}
            complete={read.overview.complete}
            failedFunds={read.overview.failedFunds}
          />
          <OverviewTotals
            totals={read.overview.totals}
            positions={read.overview.positions}
            investors={read.investors}
          />
          {/* The books' state is one short row across the page, so the charts pair up beside each other without holes. */}
          <div className="grid grid-cols-1 items-start gap-4 xl:grid-cols-2">
            <BooksState counts={read.counts} className="xl:col-span-2" />
            <TargetChart rows={read.overview.byTarget} />
            <OutstandingChart rows={read.overview.positions ? read.overview.outstanding : null} />
            <ContributedOverTime history={read.overview.contributed} />
            <InvestorTypesChart investors={read.investors} />
          </div>
        </>
      )}
    </>
  );
}
