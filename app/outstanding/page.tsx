import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { PageError } from "@/components/layout/page-error";
import { OutstandingTable } from "@/components/outstanding/outstanding-table";
import { TablePageHeading } from "@/components/views/table-page-heading";
import { requireUser } from "@/lib/auth/session";
import { prefetchInfinite } from "@/lib/data/prefetch";
import { outstandingFirstPage, outstandingRowsQuery } from "@/lib/outstanding/queries";
import { outstandingViewCache } from "@/lib/outstanding/search-params";
import { outstandingPage } from "@/lib/outstanding/server/reads";
import { getQueryClient } from "@/lib/query/query-client";
import { openDefaultView } from "@/lib/views/server/open";

export const metadata: Metadata = { title: "Capital outstanding" };

export default async function OutstandingPage({ searchParams }: PageProps<"/outstanding">) {
  await openDefaultView("/outstanding", await searchParams);
  const view = await outstandingViewCache().parse(searchParams);
  const queryClient = getQueryClient();
  const error = await prefetchInfinite(queryClient, {
    ...outstandingRowsQuery(view),
    queryFn: async () => outstandingPage(await requireUser(), view, 0, outstandingFirstPage),
  });
  return (
    <>
      <TablePageHeading title="Capital outstanding" page="/outstanding" />
      <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
        Every position in every fund with capital still owed (capital due less received), overdue first and the largest
        first.
      </p>
      {error ? (
        <PageError message={error.message} />
      ) : (
        <HydrationBoundary state={dehydrate(queryClient)}>
          <NuqsAdapter>
            <OutstandingTable />
          </NuqsAdapter>
        </HydrationBoundary>
      )}
    </>
  );
}
