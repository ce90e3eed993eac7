import type { DeliveryStatusName, DeliveryView, SubscriptionView } from "./types";
import { alertKindLabels } from "./types";

// How /alerts shows its two tables: the subscriptions and the delivery log, defined once.

export const subscriptionColumns = [
  { id: "what", header: "What" },
  { id: "where", header: "Where" },
  { id: "how", header: "How" },
  { id: "when", header: "When" },
] as const;

export const deliveryColumns = [
  { id: "created", header: "Sent for" },
  { id: "channel", header: "By" },
  { id: "status", header: "Status" },
  { id: "attempts", header: "Attempts" },
] as const;

export const statusLabels: Record<DeliveryStatusName, string> = {
  pending: "Waiting",
  sending: "Sending",
  delivered: "Delivered",
  failed: "Failed",
  skipped: "Not sent",
};

const hour = (value: number) => `${String(value).padStart(2, "0")}:00`;

/** A subscription's cells as text. */
export function subscriptionCells(
  subscription: SubscriptionView,
): Record<(typeof subscriptionColumns)[number]["id"], string> {
  const fund = subscription.fund ? (subscription.fund.name ?? subscription.fund.id) : "Every fund in your scope";
  const where = subscription.investorId ? `${fund} · investor ${subscription.investorId}` : fund;
  const how = [
    subscription.email ? "Email" : null,
    subscription.webhook
      ? `${subscription.webhook.format === "slack" ? "Slack webhook" : "Webhook"} ${subscription.webhook.url}` +
        (subscription.webhook.disabled ? ` (disabled: ${subscription.webhook.disabled})` : "")
      : null,
  ]
    .filter(Boolean)
    .join(" and ");
  return {
    what: subscription.kinds.map((kind) => alertKindLabels[kind] ?? kind).join(", "),
    where: subscription.team ? `${where} (team: ${subscription.label ?? "Team"})` : where,
    how,
    when: subscription.digest
      ? `Daily at ${hour(subscription.digest.hour)} ${subscription.digest.timeZone}`
      : "At once",
  };
}

/** Whether the log's Resend applies: a delivery that is over (sent, failed, not sent). */
export const resendable = (delivery: DeliveryView) =>
  delivery.status === "delivered" || delivery.status === "failed" || delivery.status === "skipped";
