import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { InvestorsTable } from "@/components/investors/investors-table";
import { PageError } from "@/components/layout/page-error";
import { TablePageHeading } from "@/components/views/table-page-heading";
import { requireUser } from "@/lib/auth/session";
import { changedInvestorIds } from "@/lib/changes/server/changes";
import { prefetchInfinite } from "@/lib/data/prefetch";
import { visibleInvestorColumnIds } from "@/lib/investors/columns";
import { fundInvestorRowsQuery, investorRowsFirstPage } from "@/lib/investors/queries";
import { investorTableCache } from "@/lib/investors/search-params";
import { investorRowsPage } from "@/lib/investors/server/rows";
import { getQueryClient } from "@/lib/query/query-client";

interface InvestorsSectionProps {
  fundId: string;
}

/** The fund's investors: the first page of the URL's view is rendered on the server, the rest fetched as people scroll. */
export async function InvestorsSection({ fundId }: InvestorsSectionProps) {
  const { cols, ...view } = investorTableCache().all();
  const sized = visibleInvestorColumnIds(cols);
  const queryClient = getQueryClient();
  const error = await prefetchInfinite(queryClient, {
    ...fundInvestorRowsQuery(fundId, view, sized),
    queryFn: async () => {
      const user = await requireUser();
      const changedIds = view.changed ? await changedInvestorIds(user, fundId, view.changed) : null;
      return investorRowsPage(user, fundId, { view, offset: 0, limit: investorRowsFirstPage, sized, changedIds });
    },
  });
  return (
    <section aria-labelledby="investors-heading">
      <div className="mb-3">
        <TablePageHeading title="Investors" page={`/funds/${fundId}`} level={2} />
      </div>
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
