import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { connection } from "next/server";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { FundsTable } from "@/components/funds/funds-table";
import { PageError } from "@/components/layout/page-error";
import { requireUser } from "@/lib/auth/session";
import { readFunds } from "@/lib/fund-reads/server/funds";
import { prefetch } from "@/lib/data/prefetch";
import { fundGridRow } from "@/lib/funds/columns";
import { fundGridQuery } from "@/lib/funds/queries";
import { getQueryClient } from "@/lib/query/query-client";
import { reconciliationSummariesQuery } from "@/lib/reconciliation/queries";
import { reconciliationSummaries } from "@/lib/reconciliation/server/summaries";

export const metadata: Metadata = { title: "Funds" };

export default async function FundsPage() {
  await connection();
  const queryClient = getQueryClient();
  // Slim rows: the dehydrated state is written into the HTML, and full funds made it ~3 MB for 2,000 funds.
  const [error] = await Promise.all([
    prefetch(queryClient, {
      ...fundGridQuery(),
      queryFn: async () => (await readFunds(await requireUser())).map(fundGridRow),
    }),
    // Reconciliation lines as the server holds them, so the first paint does not say "not read yet" for funds it has
    // read; a failure here is the browser's to retry, not the page's.
    prefetch(queryClient, {
      ...reconciliationSummariesQuery(),
      queryFn: async () => reconciliationSummaries(await requireUser()),
    }),
  ]);
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold tracking-tight">Funds</h1>
      {error ? (
        <PageError message={error.message} />
      ) : (
        <HydrationBoundary state={dehydrate(queryClient)}>
          {/* URL state only where a table keeps it: pages without one do not load nuqs. */}
          <NuqsAdapter>
            <FundsTable />
          </NuqsAdapter>
        </HydrationBoundary>
      )}
    </>
  );
}
