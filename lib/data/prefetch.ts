import "server-only";
import type { FetchInfiniteQueryOptions, FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import { redirect } from "next/navigation";
import { Unauthenticated } from "../auth/session";
import { CustomerApiError } from "../customer-api/errors";

/** Prefetches on the server for HydrationBoundary; a Customer API failure comes back as a value. */
export function prefetch<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<CustomerApiError | null> {
  return failureOf(() => queryClient.fetchQuery(options));
}

/** prefetch for a paged (infinite) query: its first page. */
export function prefetchInfinite<T, K extends QueryKey, P>(
  queryClient: QueryClient,
  options: FetchInfiniteQueryOptions<T, Error, T, K, P>,
): Promise<CustomerApiError | null> {
  return failureOf(() => queryClient.fetchInfiniteQuery(options));
}

async function failureOf(run: () => Promise<unknown>): Promise<CustomerApiError | null> {
  try {
    await run();
    return null;
  } catch (error) {
    if (error instanceof CustomerApiError) return error;
    // proxy.ts already sends people without a session to /login; this holds even if it were bypassed.
    if (error instanceof Unauthenticated) redirect("/login");
    throw error;
  }
}
