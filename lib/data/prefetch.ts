import "server-only";
import type { FetchInfiniteQueryOptions, FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import { redirect } from "next/navigation";
import { Unauthenticated } from "../auth/session";
import { CustomerApiError } from "../customer-api/errors";
import { statusOf } from "../http/error-response";

/** A failure a page shows as a message: an upstream fault, a refused view (400), a busy person (429), … */
export interface PageFailure {
  message: string;
  status: number;
  /** The upstream's kind of failure, for not-found pages. */
  kind?: CustomerApiError["kind"];
}

/** Prefetches on the server for HydrationBoundary; a failure with a status comes back as a value. */
export function prefetch<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<PageFailure | null> {
  return failureOf(() => queryClient.fetchQuery(options));
}

/** prefetch for a paged (infinite) query: its first page. */
export function prefetchInfinite<T, K extends QueryKey, P>(
  queryClient: QueryClient,
  options: FetchInfiniteQueryOptions<T, Error, T, K, P>,
): Promise<PageFailure | null> {
  return failureOf(() => queryClient.fetchInfiniteQuery(options));
}

/** A read a page renders in place: its value, or its failure with a status as a value (never an empty result). */
export type ReadInPlace<T> = { value: T; failure: null } | { value: null; failure: PageFailure };

/** Runs a server read for a server component; a failure with a status comes back as a value, like prefetch's. */
export async function readInPlace<T>(read: () => Promise<T>): Promise<ReadInPlace<T>> {
  let value: T | undefined;
  const failure = await failureOf(async () => {
    value = await read();
  });
  return failure ? { value: null, failure } : { value: value as T, failure: null };
}

async function failureOf(run: () => Promise<unknown>): Promise<PageFailure | null> {
  try {
    await run();
    return null;
  } catch (error) {
    // proxy.ts already sends people without a session to /login; this holds even if it were bypassed.
    if (error instanceof Unauthenticated) redirect("/login");
    const status = statusOf(error);
    if (status === null) throw error;
    const message = (error as Error).message;
    return error instanceof CustomerApiError ? { message, status, kind: error.kind } : { message, status };
  }
}
