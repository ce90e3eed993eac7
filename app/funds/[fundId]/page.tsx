import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { Suspense } from "react";
import { WatchLink } from "@/components/alerts/watch-link";
import { FundDetails } from "@/components/funds/fund-details";
import { PageError } from "@/components/layout/page-error";
import { FundChangesPanel } from "@/components/changes/fund-changes-panel";
import { NotesPanel } from "@/components/notes/notes-panel";
import { ReconciliationPanel } from "@/components/reconciliation/reconciliation-panel";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import { loadFundChangesSince } from "@/lib/changes/search-params";
import { fundName } from "@/lib/funds/columns";
import { investorTableCache } from "@/lib/investors/search-params";
import { isFundRef } from "@/lib/values/fund-ref";
import { openDefaultView } from "@/lib/views/server/open";
import { FundChangesSection, FundHistory, FundOutstanding, FundReconciliation } from "./fund-checks";
import { readFundOnce } from "./fund-read";
import { InvestorsSection } from "./investors-section";

export async function generateMetadata({ params }: PageProps<"/funds/[fundId]">): Promise<Metadata> {
  const { fundId } = await params;
  const fund = isFundRef(fundId) ? (await readFundOnce(fundId).catch(() => null))?.value : null;
  return { title: fund ? fundName(fund) : "Fund" };
}

export default async function FundPage({ params, searchParams }: PageProps<"/funds/[fundId]">) {
  const { fundId } = await params;
  if (!isFundRef(fundId)) notFound();
  // The table's view from the URL, for the server-rendered first page; what the page does not know is ignored.
  const search = await searchParams;
  await openDefaultView(`/funds/${fundId}`, search);
  await investorTableCache().parse(search);
  const since = loadFundChangesSince(search);
  const { value: fund, failure, readAt, keptAt } = await readFundOnce(fundId);
  // Decided before any Suspense boundary streams, so an unavailable fund answers HTTP 404.
  if (failure?.kind === "fund_not_found") notFound();
  return (
    <div className="space-y-8">
      {fund ? (
        <FundDetails
          fund={fund}
          readAt={readAt}
          keptAt={keptAt}
          actions={
            <>
              <Link
                href={`/funds/${encodeURIComponent(fundId)}/statements`}
                className="inline-flex min-h-9 items-center rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
              >
                Statements
              </Link>
              <WatchLink fundId={fundId} what="this fund" />
            </>
          }
          outstanding={
            <Suspense fallback={<span role="status">Reading the investors…</span>}>
              <FundOutstanding fundId={fundId} />
            </Suspense>
          }
          reconciliation={
            <Suspense fallback={<ReconciliationPanel fundId={fundId} />}>
              <FundReconciliation fundId={fundId} />
            </Suspense>
          }
          changes={
            <Suspense fallback={<FundChangesPanel fundId={fundId} since={since} />}>
              <FundChangesSection fundId={fundId} since={since} />
            </Suspense>
          }
          history={
            <Suspense fallback={<p role="status">Reading the kept history…</p>}>
              <FundHistory fundId={fundId} />
            </Suspense>
          }
        />
      ) : (
        <PageError message={failure.message} />
      )}
      {fund ? <NotesPanel about={{ fundId }} title="Notes on this fund" /> : null}
      {/* URL state only where a table keeps it: the investor page and others do not load nuqs. */}
      <NuqsAdapter>
        <Suspense fallback={<TableSkeleton label="Loading investors" />}>
          <InvestorsSection fundId={fundId} />
        </Suspense>
      </NuqsAdapter>
    </div>
  );
}
