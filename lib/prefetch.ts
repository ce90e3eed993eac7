import "server-only";
import type { FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import { redirect } from "next/navigation";
import { Unauthenticated } from "./auth/session";
import { CustomerApiError } from "./customer-api/errors";

/** Prefetches on the server for HydrationBoundary; a Customer API failure comes back as a value. */
export async function prefetch<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<CustomerApiError | null> {
  try {
    await queryClient.fetchQuery(options);
    return null;
  } catch (error) {
    if (error instanceof CustomerApiError) return error;
    // proxy.ts already sends people without a session to /login; this holds even if it were bypassed.
    if (error instanceof Unauthenticated) redirect("/login");
    throw error;
  }
}
