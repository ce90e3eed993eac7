import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { PageError } from "@/components/layout/page-error";
import { listInvestors } from "@/lib/customer-api";
import { prefetch } from "@/lib/prefetch";
import { fundInvestorsQuery } from "@/lib/queries";
import { getQueryClient } from "@/lib/query-client";
import { InvestorsTable } from "./investors-table";

interface FundInvestorsSectionProps {
  fundId: string;
}

/** The fund's investors, fetched on the server while the panels above are already on screen. */
export async function FundInvestorsSection({ fundId }: FundInvestorsSectionProps) {
  const queryClient = getQueryClient();
  const error = await prefetch(queryClient, { ...fundInvestorsQuery(fundId), queryFn: () => listInvestors(fundId) });
  return (
    <section aria-labelledby="investors-heading">
      <h2 id="investors-heading" className="mb-3 text-xl font-semibold tracking-tight">
        Investors
      </h2>
      {error ? (
        <PageError message={error.message} />
      ) : (
        <HydrationBoundary state={dehydrate(queryClient)}>
          <InvestorsTable fundId={fundId} />
        </HydrationBoundary>
      )}
    </section>
  );
}
