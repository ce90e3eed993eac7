import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { connection } from "next/server";
import { FundsTable } from "@/components/funds/funds-table";
import { PageError } from "@/components/layout/page-error";
import { listFunds } from "@/lib/customer-api";
import { prefetch } from "@/lib/prefetch";
import { fundsQuery } from "@/lib/queries";
import { getQueryClient } from "@/lib/query-client";

export const metadata: Metadata = { title: "Funds" };

export default async function FundsPage() {
  await connection();
  const queryClient = getQueryClient();
  const error = await prefetch(queryClient, { ...fundsQuery(), queryFn: () => listFunds() });
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold tracking-tight">Funds</h1>
      {error ? (
        <PageError message={error.message} />
      ) : (
        <HydrationBoundary state={dehydrate(queryClient)}>
          <FundsTable />
        </HydrationBoundary>
      )}
    </>
  );
}
