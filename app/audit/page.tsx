import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { AuditTable } from "@/components/audit/audit-table";
import { PageError } from "@/components/layout/page-error";
import { TablePageHeading } from "@/components/views/table-page-heading";
import { auditFirstPage, auditRowsQuery } from "@/lib/audit/queries";
import { auditViewCache } from "@/lib/audit/search-params";
import { auditPage } from "@/lib/audit/server/trail";
import { requireUser } from "@/lib/auth/session";
import { prefetchInfinite } from "@/lib/data/prefetch";
import { getQueryClient } from "@/lib/query/query-client";
import { openDefaultView } from "@/lib/views/server/open";

export const metadata: Metadata = { title: "Audit trail" };

// Admins only: anyone else gets the page an unknown address gets, so the trail's existence is no hint.
export default async function AuditTrailPage({ searchParams }: PageProps<"/audit">) {
  await openDefaultView("/audit", await searchParams);
  const view = await auditViewCache().parse(searchParams);
  const queryClient = getQueryClient();
  const request = await headers();
  const error = await prefetchInfinite(queryClient, {
    ...auditRowsQuery(view),
    queryFn: async () =>
      auditPage(await requireUser(), request, view, { offset: 0, limit: auditFirstPage, version: null }),
  });
  if (error?.status === 404) notFound();
  return (
    <>
      <TablePageHeading title="Audit trail" page="/audit" />
      <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
        Every reveal, sensitive export, forget, revocation, sign-in and refusal in your scope, newest first. Each look
        at this page is itself a row.
      </p>
      {error ? (
        <PageError message={error.message} />
      ) : (
        <HydrationBoundary state={dehydrate(queryClient)}>
          <NuqsAdapter>
            <AuditTable />
          </NuqsAdapter>
        </HydrationBoundary>
      )}
    </>
  );
}
