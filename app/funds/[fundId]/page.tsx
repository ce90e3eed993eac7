import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { Suspense } from "react";
import { FundDetails } from "@/components/funds/fund-details";
import { FundInvestorsSection } from "@/components/investors/fund-investors-section";
import { PageError } from "@/components/layout/page-error";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import { getFundOnce } from "@/lib/server-data";
import { isId } from "@/lib/values/ids";
import { fundName } from "@/lib/funds/columns";
import { visibleInvestorColumnIds } from "@/lib/investors/columns";
import { parseInvestorView } from "@/lib/investors/investor-view";
import { searchParamsOf } from "@/lib/search-params";
import { prefetch } from "@/lib/query/prefetch";
import { fundQuery } from "@/lib/queries";
import { getQueryClient } from "@/lib/query/query-client";

export async function generateMetadata({ params }: PageProps<"/funds/[fundId]">): Promise<Metadata> {
  const { fundId } = await params;
  const fund = isId(fundId) ? await getFundOnce(fundId).catch(() => null) : null;
  return { title: fund ? fundName(fund) : "Fund" };
}

export default async function FundPage({ params, searchParams }: PageProps<"/funds/[fundId]">) {
  const { fundId } = await params;
  const search = searchParamsOf(await searchParams);
  if (!isId(fundId)) notFound();
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
          <FundInvestorsSection
            fundId={fundId}
            view={parseInvestorView(search)}
            sized={visibleInvestorColumnIds(search.get("cols")?.split(",") ?? [])}
          />
        </Suspense>
      </NuqsAdapter>
    </div>
  );
}
