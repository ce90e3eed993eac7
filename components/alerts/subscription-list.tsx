"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { subscriptionCells, subscriptionColumns } from "@/lib/alerts/columns";
import { alertsQuery, sendAlerts } from "@/lib/alerts/queries";
import type { SubscriptionView } from "@/lib/alerts/types";

const button =
  "rounded-md border border-zinc-300 px-2 py-0.5 text-xs font-medium hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800";

function Actions({ subscription }: { subscription: SubscriptionView }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ pending: boolean; message: string | null }>({ pending: false, message: null });
  const path = `/api/alerts/${encodeURIComponent(subscription.id)}`;

  async function remove() {
    setState({ pending: true, message: null });
    const answer = await sendAlerts<null>(path, "DELETE");
    if (answer.ok) await queryClient.invalidateQueries({ queryKey: ["alerts"] });
    setState({ pending: false, message: answer.ok ? null : answer.error });
  }

  async function rotate() {
    setState({ pending: true, message: null });
    const answer = await sendAlerts<{ webhook: { secret: string } }>(`${path}/rotate`, "POST");
    setState({
      pending: false,
      message: answer.ok
        ? `New secret (shown once; the old one signs too for a day): ${answer.value.webhook.secret}`
        : answer.error,
    });
    if (answer.ok) await queryClient.invalidateQueries({ queryKey: ["alerts"] });
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" className={button} disabled={state.pending} onClick={() => void remove()}>
        Delete
      </button>
      {subscription.webhook ? (
        <button type="button" className={button} disabled={state.pending} onClick={() => void rotate()}>
          Rotate secret
        </button>
      ) : null}
      {state.message ? (
        <span role="status" className="break-all">
          {state.message}
        </span>
      ) : null}
    </div>
  );
}

/** The person's subscriptions, with Delete and (for a webhook) Rotate secret. */
export function SubscriptionList() {
  const { data, error } = useQuery(alertsQuery());
  if (error) return <p role="alert">{error.message}</p>;
  const subscriptions = data?.subscriptions ?? [];
  if (subscriptions.length === 0)
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">No subscriptions yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table aria-label="Your subscriptions" className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            {subscriptionColumns.map((column) => (
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
          {subscriptions.map((subscription) => {
            const cells = subscriptionCells(subscription);
            return (
              <tr
                key={subscription.id}
                data-subscription={subscription.id}
                className="border-b border-zinc-100 align-top dark:border-zinc-900"
              >
                {subscriptionColumns.map((column) => (
                  <td key={column.id} className="py-2 pr-4">
                    {cells[column.id]}
                  </td>
                ))}
                <td className="py-2">
                  <Actions subscription={subscription} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
