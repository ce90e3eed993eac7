import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { DirectoryTable } from "@/components/directory/directory-table";
import { PageError } from "@/components/layout/page-error";
import { TablePageHeading } from "@/components/views/table-page-heading";
import { requireUser } from "@/lib/auth/session";
import { prefetchInfinite } from "@/lib/data/prefetch";
import { directoryFirstPage, directoryRowsQuery } from "@/lib/directory/queries";
import { directoryViewCache } from "@/lib/directory/search-params";
import { directoryPage } from "@/lib/directory/server/reads";
import { getQueryClient } from "@/lib/query/query-client";
import { openDefaultView } from "@/lib/views/server/open";

export const metadata: Metadata = { title: "Investors" };

export default async function InvestorsPage({ searchParams }: PageProps<"/investors">) {
  await openDefaultView("/investors", await searchParams);
  const view = await directoryViewCache().parse(searchParams);
  const queryClient = getQueryClient();
  const error = await prefetchInfinite(queryClient, {
    ...directoryRowsQuery(view),
    queryFn: async () => directoryPage(await requireUser(), view, 0, directoryFirstPage),
  });
  return (
    <>
      <TablePageHeading title="Investors" page="/investors" />
      <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
        Every investor of every fund, the same person matched across funds by tax id (or, without one, by email).
      </p>
      {error ? (
        <PageError message={error.message} />
      ) : (
        <HydrationBoundary state={dehydrate(queryClient)}>
          <NuqsAdapter>
            <DirectoryTable />
          </NuqsAdapter>
        </HydrationBoundary>
      )}
    </>
  );
}
