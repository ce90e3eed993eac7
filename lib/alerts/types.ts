import { z } from "zod";
import { kindLabels } from "../changes/labels";
import { changeKinds, type FieldChange } from "../changes/types";
import { isFundRef } from "../values/fund-ref";
import { idSchema } from "../values/ids";

// Alerts (issue 30): what a person may be told of, the JSON a subscription is made from, and what /alerts and its
// API show. Browser-safe.

/** Conditions of a fund, told when they change and hold for two reads in a row. */
export const conditionKinds = ["overdue", "stopped_tying_out", "ties_out_again"] as const;
export type ConditionKind = (typeof conditionKinds)[number];

/** Every kind a subscription may ask for: the changes /changes names, and the conditions. */
export const alertKinds = [...changeKinds, ...conditionKinds] as const;
export type AlertKind = (typeof alertKinds)[number];

export const alertKindLabels: Record<AlertKind, string> = {
  ...kindLabels,
  overdue: "Capital became overdue",
  stopped_tying_out: "Fund stopped tying out",
  ties_out_again: "Fund ties out again",
};

export const webhookFormats = ["standard", "slack"] as const;
export type WebhookFormat = (typeof webhookFormats)[number];

/** The most subscriptions one person may have. */
export const maxSubscriptions = 50;

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone.length <= 64;
  } catch {
    return false;
  }
};

/** POST /api/alerts: a subscription as JSON. Unknown keys are refused; each message names its field. */
export const subscriptionBodySchema = z.strictObject({
  kinds: z
    .array(z.enum(alertKinds, { error: `kinds: each kind is one of ${alertKinds.join(", ")}` }), {
      error: "kinds: a list of kinds",
    })
    .min(1, { error: "kinds: choose at least one kind" })
    .max(alertKinds.length, { error: "kinds: each kind once" })
    .refine((kinds) => new Set(kinds).size === kinds.length, { error: "kinds: each kind once" }),
  fundId: z
    .string({ error: "fundId: a fund id, or null for every fund in your scope" })
    .refine(isFundRef, { error: "fundId: a fund id, or null for every fund in your scope" })
    .nullable()
    .default(null),
  investorId: idSchema.nullable().default(null),
  email: z.boolean({ error: "email: true or false" }).default(false),
  webhook: z
    .strictObject(
      {
        url: z
          .string({ error: "webhook.url: an https URL" })
          .max(2_000, { error: "webhook.url: at most 2,000 characters" }),
        format: z.enum(webhookFormats, { error: "webhook.format: standard or slack" }).default("standard"),
      },
      { error: "webhook: null, or { url, format }" },
    )
    .nullable()
    .default(null),
  digest: z
    .strictObject(
      {
        hour: z
          .number({ error: "digest.hour: a whole hour from 0 to 23" })
          .int({ error: "digest.hour: a whole hour from 0 to 23" })
          .min(0, { error: "digest.hour: a whole hour from 0 to 23" })
          .max(23, { error: "digest.hour: a whole hour from 0 to 23" }),
        timeZone: z
          .string({ error: "digest.timeZone: an IANA time zone, such as Europe/Zurich" })
          .refine(isTimeZone, { error: "digest.timeZone: an IANA time zone, such as Europe/Zurich" }),
      },
      { error: "digest: null, or { hour, timeZone }" },
    )
    .nullable()
    .default(null),
  /** Admins: a team's subscription (a shared webhook), named by its label. */
  team: z.boolean({ error: "team: true or false" }).default(false),
  label: z.string({ error: "label: a name of at most 80 characters" }).trim().max(80).nullable().default(null),
});

export type SubscriptionBody = z.infer<typeof subscriptionBodySchema>;

export { problemField } from "../values/problem-field";

/** A subscription as its owner sees it (GET /api/alerts): the webhook's URL masked, never its secret. */
export interface SubscriptionView {
  id: string;
  kinds: AlertKind[];
  /** The fund's ref, and its name when this dashboard knows it; null: every fund in scope. */
  fund: { id: string; name: string | null } | null;
  investorId: string | null;
  email: boolean;
  webhook: { url: string; format: WebhookFormat; disabled: string | null; rotating: boolean } | null;
  digest: { hour: number; timeZone: string } | null;
  team: boolean;
  label: string | null;
  /** Whose it is (a team's: the admin who made it). */
  owner: string;
  createdAt: string;
}

/** POST /api/alerts's answer: the id, and the webhook's signing secret, shown this once. */
export interface CreatedSubscription {
  id: string;
  webhook: { secret: string } | null;
}

export const deliveryStatuses = ["pending", "sending", "delivered", "failed", "skipped"] as const;
export type DeliveryStatusName = (typeof deliveryStatuses)[number];

/** One attempt of a delivery. */
export interface AttemptView {
  attempt: number;
  at: string;
  outcome: string;
  status: number | null;
  detail: string | null;
}

/** One delivery of the log at /alerts. */
export interface DeliveryView {
  id: number;
  subscriptionId: string;
  channel: "email" | "webhook";
  /** What was sent: a change or condition, the day's digest, or a notice about the subscription. */
  item: "event" | "digest" | "notice";
  /** "Paid · Fund A · Investor B", or why it cannot be shown (outside the person's access now). */
  summary: string;
  status: DeliveryStatusName;
  attempts: number;
  nextAt: string | null;
  deliveredAt: string | null;
  attemptLog: AttemptView[];
}

/** GET /api/alerts. */
export interface AlertsAnswer {
  subscriptions: SubscriptionView[];
}

/** GET /api/alerts/deliveries: the newest deliveries of the person's subscriptions. */
export interface DeliveriesAnswer {
  deliveries: DeliveryView[];
}

/** What an event says, as kept with it (masked values never shown; amounts exact strings). */
export interface EventDetail {
  fundName: string;
  investorName: string | null;
  /** The fields of this kind that changed (for a change). */
  fields: FieldChange[];
  /** An investor added (commitment now) or removed (commitment last read). */
  commitment: string | null;
  readAt: string;
  previousReadAt: string | null;
  /** For a condition: what holds now. */
  condition: ConditionDetail | null;
}

export interface ConditionDetail {
  reminder: boolean;
  /** Since when it holds (ISO). */
  since: string | null;
  capitalDueDate: string | null;
  daysOverdue: number | null;
  /** Capital still owed (exact), for overdue. */
  outstanding: string | null;
  /** What does not tie out: each check with its exact difference. */
  differences: { label: string; difference: string | null; investors: number | null }[];
}
