import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { InvestorAcrossFundsView } from "@/components/directory/investor-across-funds";
import { PageError } from "@/components/layout/page-error";
import { NotesPanel } from "@/components/notes/notes-panel";
import { requireUser } from "@/lib/auth/session";
import { prefetch } from "@/lib/data/prefetch";
import { investorAcrossFundsQuery } from "@/lib/directory/queries";
import { investorAcrossFunds } from "@/lib/directory/server/reads";
import { getQueryClient } from "@/lib/query/query-client";
import { InvestorAcrossFundsHistory } from "./investor-history";

export const metadata: Metadata = { title: "Investor across funds" };

export default async function InvestorAcrossFundsPage({ params }: PageProps<"/investors/[key]">) {
  const { key } = await params;
  if (!/^[A-Za-z0-9_-]{22}$/.test(key)) notFound();
  const queryClient = getQueryClient();
  const error = await prefetch(queryClient, {
    ...investorAcrossFundsQuery(key),
    queryFn: async () => investorAcrossFunds(await requireUser(), key),
  });
  if (error?.status === 404) notFound();
  // The directory's match: each fund's own id of this investor, whose kept positions are summed over time.
  const held = (queryClient.getQueryData(investorAcrossFundsQuery(key).queryKey)?.positions ?? []).map((position) => ({
    fundId: position.fund.id,
    investorId: position.investor.id,
  }));
  return (
    <div className="space-y-4">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link
          href="/investors"
          className="inline-flex min-h-6 items-center font-medium text-blue-700 hover:underline dark:text-blue-300"
        >
          Investors
        </Link>
      </nav>
      {error ? (
        <PageError message={error.message} />
      ) : (
        <>
          <HydrationBoundary state={dehydrate(queryClient)}>
            <InvestorAcrossFundsView investorKey={key} />
          </HydrationBoundary>
          <NotesPanel about={{ investorKey: key }} title="Notes on their positions" />
          <Suspense fallback={<p role="status">Reading the kept history…</p>}>
            <InvestorAcrossFundsHistory held={held} />
          </Suspense>
        </>
      )}
    </div>
  );
}
