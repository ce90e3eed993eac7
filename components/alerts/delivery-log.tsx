"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { deliveryColumns, resendable, statusLabels } from "@/lib/alerts/columns";
import { deliveriesQuery, sendAlerts } from "@/lib/alerts/queries";
import type { DeliveryView } from "@/lib/alerts/types";

const time = (iso: string) => iso.replace("T", " ").replace(/\.\d+Z$/, " UTC");

function Resend({ delivery }: { delivery: DeliveryView }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  async function resend() {
    const answer = await sendAlerts<{ ok: true }>(`/api/alerts/deliveries/${delivery.id}/resend`, "POST");
    setMessage(answer.ok ? "Sending again" : answer.error);
    if (answer.ok) await queryClient.invalidateQueries({ queryKey: ["alerts", "deliveries"] });
  }
  return (
    <span className="flex items-center gap-2">
      <button
        type="button"
        onClick={() => void resend()}
        aria-label={`Resend: ${delivery.summary}`}
        className="rounded-md border border-zinc-300 px-2 py-0.5 text-xs font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        Resend
      </button>
      {message ? <span role="status">{message}</span> : null}
    </span>
  );
}

/** Each delivery of the person's subscriptions: what, by which channel, its status and every attempt, with Resend. */
export function DeliveryLog() {
  const { data, error } = useQuery(deliveriesQuery());
  if (error) return <p role="alert">{error.message}</p>;
  const deliveries = data?.deliveries ?? [];
  if (deliveries.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing sent yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table aria-label="Delivery log" className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            {deliveryColumns.map((column) => (
              <th key={column.id} scope="col" className="py-2 pr-4 font-medium">
                {column.header}
              </th>
            ))}
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => (
            <tr
              key={delivery.id}
              data-delivery={delivery.id}
              className="border-b border-zinc-100 align-top dark:border-zinc-900"
            >
              <td className="py-2 pr-4">{delivery.summary}</td>
              <td className="py-2 pr-4">{delivery.channel === "email" ? "Email" : "Webhook"}</td>
              <td className="py-2 pr-4">
                {statusLabels[delivery.status]}
                {delivery.nextAt ? ` · next attempt ${time(delivery.nextAt)}` : ""}
              </td>
              <td className="py-2 pr-4">
                {delivery.attemptLog.length === 0 ? (
                  "—"
                ) : (
                  <details>
                    <summary>{delivery.attempts}</summary>
                    <ol className="list-decimal pl-5">
                      {delivery.attemptLog.map((attempt) => (
                        <li key={`${attempt.attempt}-${attempt.at}`}>
                          {time(attempt.at)}: {attempt.outcome}
                          {attempt.status !== null ? ` (${attempt.status})` : ""}
                          {attempt.detail ? ` · ${attempt.detail}` : ""}
                        </li>
                      ))}
                    </ol>
                  </details>
                )}
              </td>
              <td className="py-2">{resendable(delivery) ? <Resend delivery={delivery} /> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
