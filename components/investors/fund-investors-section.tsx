import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { PageError } from "@/components/layout/page-error";
import { requireUser } from "@/lib/auth/session";
import type { InvestorView } from "@/lib/investors/investor-view";
import { investorIndex } from "@/lib/investors/server/list-cache";
import { prefetchInfinite } from "@/lib/query/prefetch";
import { fundInvestorRowsQuery, investorRowsFirstPage } from "@/lib/queries";
import { getQueryClient } from "@/lib/query/query-client";
import { inPersonLane } from "@/lib/server/fair-share";
import { InvestorsTable } from "./investors-table";

interface FundInvestorsSectionProps {
  fundId: string;
  /** The table's view from the page's query string, so a deep link renders its own rows on the server. */
  view: InvestorView;
  /** The columns on screen. */
  sized: readonly string[];
}

/** The fund's investors: the first page of the view is rendered on the server, the rest fetched as people scroll. */
export async function FundInvestorsSection({ fundId, view, sized }: FundInvestorsSectionProps) {
  const queryClient = getQueryClient();
  const error = await prefetchInfinite(queryClient, {
    ...fundInvestorRowsQuery(fundId, view, sized),
    queryFn: async () => {
      const user = await requireUser();
      const index = await investorIndex(fundId, { user });
      return inPersonLane(user.email, () => index.page(view, 0, investorRowsFirstPage, sized));
    },
  });
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
