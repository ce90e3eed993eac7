import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "../query/fetch-json";
import { sendJson } from "../query/send-json";
import type { AlertsAnswer, DeliveriesAnswer } from "./types";

/** The person's subscriptions (GET /api/alerts). */
export function alertsQuery() {
  return queryOptions({
    queryKey: ["alerts"],
    queryFn: ({ signal }) => fetchJson<AlertsAnswer>("/api/alerts", signal),
  });
}

/** The delivery log (GET /api/alerts/deliveries): asked again every few seconds while a delivery is under way. */
export function deliveriesQuery() {
  return queryOptions({
    queryKey: ["alerts", "deliveries"],
    queryFn: ({ signal }) => fetchJson<DeliveriesAnswer>("/api/alerts/deliveries", signal),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === "pending" || delivery.status === "sending")
        ? 3_000
        : 15_000,
  });
}

/** Sends a change to the alerts API (POST, DELETE) as JSON; the answer's body, or its error message. */
export async function sendAlerts<T>(
  path: string,
  method: "POST" | "DELETE",
  body?: unknown,
): Promise<{ ok: true; value: T } | { ok: false; error: string; field: string | null }> {
  return sendJson<T>(path, method, body);
}
