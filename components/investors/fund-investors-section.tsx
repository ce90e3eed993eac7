import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { PageError } from "@/components/layout/page-error";
import { listInvestors } from "@/lib/customer-api";
import { prefetch } from "@/lib/prefetch";
import { fundInvestorsQuery } from "@/lib/queries";
import { getQueryClient } from "@/lib/query-client";
import { InvestorsTable } from "./investors-table";

interface FundInvestorsSectionProps {
  fundId: string;
  /** The fund's investor_count, when known. */
  investorCount: number | null;
}

// Past this many investors the list is not inlined into the HTML (it would weigh tens of MB);
// the browser fetches it from /api, compressed, while the panels are already on screen.
const inlineLimit = 5_000;

/** The fund's investors, fetched on the server while the panels above are already on screen. */
export async function FundInvestorsSection({ fundId, investorCount }: FundInvestorsSectionProps) {
  const queryClient = getQueryClient();
  const inline = investorCount === null || investorCount <= inlineLimit;
  const error = inline
    ? await prefetch(queryClient, { ...fundInvestorsQuery(fundId), queryFn: () => listInvestors(fundId) })
    : null;
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
