import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { Suspense } from "react";
import { FundDetails } from "@/components/funds/fund-details";
import { PageError } from "@/components/layout/page-error";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import { getFundOnce } from "@/lib/data/page-reads";
import { prefetch } from "@/lib/data/prefetch";
import { fundName } from "@/lib/funds/columns";
import { fundQuery } from "@/lib/funds/queries";
import { investorTableCache } from "@/lib/investors/search-params";
import { getQueryClient } from "@/lib/query/query-client";
import { isId } from "@/lib/values/ids";
import { InvestorsSection } from "./investors-section";

export async function generateMetadata({ params }: PageProps<"/funds/[fundId]">): Promise<Metadata> {
  const { fundId } = await params;
  const fund = isId(fundId) ? await getFundOnce(fundId).catch(() => null) : null;
  return { title: fund ? fundName(fund) : "Fund" };
}

export default async function FundPage({ params, searchParams }: PageProps<"/funds/[fundId]">) {
  const { fundId } = await params;
  if (!isId(fundId)) notFound();
  // The table's view from the URL, for the server-rendered first page; what the page does not know is ignored.
  await investorTableCache.parse(searchParams);
  const queryClient = getQueryClient();
  const error = await prefetch(queryClient, { ...fundQuery(fundId), queryFn: () => getFundOnce(fundId) });
  // Decided before any Suspense boundary streams, so an unavailable fund answers HTTP 404.
  if (error?.kind === "fund_not_found") notFound();
  return (
    <div className="space-y-8">
      {error ? (
        <PageError message={error.message} />
      ) : (
        <HydrationBoundary state={dehydrate(queryClient)}>
          <FundDetails fundId={fundId} />
        </HydrationBoundary>
      )}
      {/* URL state only where a table keeps it: the investor page and others do not load nuqs. */}
      <NuqsAdapter>
        <Suspense fallback={<TableSkeleton label="Loading investors" />}>
          <InvestorsSection fundId={fundId} />
        </Suspense>
      </NuqsAdapter>
    </div>
  );
}
