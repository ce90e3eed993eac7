import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { Suspense } from "react";
import { WatchLink } from "@/components/alerts/watch-link";
import { InvestorDetails } from "@/components/investors/investor-details";
import { InvestorNav } from "@/components/investors/investor-nav";
import { NotesPanel } from "@/components/notes/notes-panel";
import { PageError } from "@/components/layout/page-error";
import { fundReadOnce, investorReadOnce } from "@/lib/fund-reads/server/page-reads";
import { prefetch } from "@/lib/data/prefetch";
import { fundName } from "@/lib/funds/columns";
import { fundQuery } from "@/lib/funds/queries";
import { investorName } from "@/lib/investors/columns";
import { investorQuery } from "@/lib/investors/queries";
import { getQueryClient } from "@/lib/query/query-client";
import { isFundRef } from "@/lib/values/fund-ref";
import { isId } from "@/lib/values/ids";
import { pagePeriod, statementsPageCache } from "@/lib/statements/search-params";
import { InvestorHistory } from "./investor-history";
import { InvestorStatement } from "./investor-statement";

type Props = PageProps<"/funds/[fundId]/investors/[investorId]">;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { fundId, investorId } = await params;
  if (!isFundRef(fundId) || !isId(investorId)) return { title: "Investor" };
  const read = await investorReadOnce(fundId, investorId).catch(() => null);
  return { title: read ? investorName(read.value) : "Investor" };
}

export default async function InvestorPage({ params, searchParams }: Props) {
  const { fundId, investorId } = await params;
  if (!isFundRef(fundId) || !isId(investorId)) notFound();
  // The Statement section's period from the URL (a deep link carries it); a bad one is the last closed quarter.
  const period = pagePeriod(await statementsPageCache().parse(searchParams));
  const queryClient = getQueryClient();
  // The fund (for the breadcrumb) and the investor load together, on the server: a pasted link needs no waterfall.
  const [fundError, investorError] = await Promise.all([
    prefetch(queryClient, { ...fundQuery(fundId), queryFn: async () => (await fundReadOnce(fundId)).value }),
    prefetch(queryClient, {
      ...investorQuery(fundId, investorId),
      queryFn: async () => {
        const { value, readAt, keptAt } = await investorReadOnce(fundId, investorId);
        return { investor: value, readAt, keptAt };
      },
    }),
  ]);
  if (fundError?.kind === "fund_not_found" || investorError?.kind === "fund_not_found") redirect(`/funds/${fundId}`);
  if (investorError?.kind === "investor_not_found") notFound();
  const error = investorError ?? fundError;
  if (error) return <PageError message={error.message} />;
  const fund = queryClient.getQueryData(fundQuery(fundId).queryKey);
  const investor = queryClient.getQueryData(investorQuery(fundId, investorId).queryKey)?.investor;
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <div className="space-y-6">
        <InvestorNav
          fundId={fundId}
          fundName={fund ? fundName(fund) : fundId}
          investorId={investorId}
          investorName={investor ? investorName(investor) : investorId}
        />
        <InvestorDetails
          fundId={fundId}
          investorId={investorId}
          actions={<WatchLink fundId={fundId} investorId={investorId} what="this investor" />}
        />
        <NotesPanel about={{ fundId, investorId }} title="Notes on this investor" />
        {/* Drawn on the server from the kept reads: no client JS, streamed so the details never wait for the store. */}
        <Suspense fallback={<p role="status">Reading the kept history…</p>}>
          <InvestorHistory fundId={fundId} investorId={investorId} />
        </Suspense>
        <Suspense fallback={<p role="status">Reading the statement…</p>}>
          <InvestorStatement fundId={fundId} investorId={investorId} period={period} />
        </Suspense>
      </div>
    </HydrationBoundary>
  );
}
