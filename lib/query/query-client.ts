import { isServer, QueryClient } from "@tanstack/react-query";
import { isBusy } from "./fetch-json";

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Server-rendered data is fresh for a minute; the Refresh button refetches on demand.
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // The server already retried upstream faults; a person retries with the Retry button. Only a request the
        // dashboard was too busy to start is retried, once, after the Retry-After it gave ("Busy, retrying…").
        retry: (failures, error) => failures < 1 && isBusy(error),
        retryDelay: (_failures, error) => (isBusy(error) ? (error.retryAfterMs ?? 1_000) : 0),
      },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

/** A new client per server request; one shared client in the browser. */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}
