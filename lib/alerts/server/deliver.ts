import "server-only";
import { createHash } from "node:crypto";
import { can, hasRole } from "../../access/policy";
import type { Access, FundResource } from "../../access/types";
import { logLine } from "../../server/log";
import {
  addDeliveries,
  type AlertPerson,
  type AttemptResult,
  type ClaimedDelivery,
  disableWebhook,
  type StoreConnection,
  type SubscriptionRow,
  subscriptionsOf,
} from "../../store/server/alerts";
import type { Resolver } from "./addresses";
import { digestContent, digestOwner, type DigestReads, digestReads } from "./digest";
import { emailConfigured, emailNotConfigured, sendEmail } from "./email";
import { accessNow } from "./people";
import {
  dashboardBase,
  digestEmail,
  digestPayload,
  digestSlack,
  type EmailContent,
  eventEmail,
  eventPayload,
  eventSlack,
  messageOf,
  noticeEmail,
} from "./render";
import { maxAttempts, nextAttemptAt } from "./retry";
import { unseal, unsubscribeToken } from "./sealed";
import { webhookHeaders } from "./signing";
import { postWebhook } from "./webhook";

// One attempt of one delivery (issue 30, item 3): the owner's access decided now (revoked, narrowed: nothing outside
// it), the message made, sent by its channel, and what the delivery becomes. Log lines name the subscription (the
// endpoint's id), never a webhook's URL or secret.

export interface DeliveryDeps {
  store?: StoreConnection;
  now: () => number;
  random: () => number;
  resolver: Resolver;
  /**
   * The fund as the policy sees it when its source's token lists it now; null when it does not; undefined while this
   * process does not know yet (its funds list not read or seeded since it started): asked again later.
   */
  fundOf: (source: string, fundId: string) => FundResource | null | undefined;
  /** Reads the digests of one pass share. */
  digestReads?: DigestReads;
}

/** The Standard Webhooks message id of a delivery: the same on every retry, on every instance. */
export const messageIdOf = (subscriptionId: string, item: string) =>
  `msg_${createHash("sha256").update(`${subscriptionId}\u0000${item}`).digest("base64url").slice(0, 27)}`;

const skipped = (reason: string): AttemptResult => ({ status: "skipped", outcome: "skipped", detail: reason });

/** Links an email carries: its subscription's one-click unsubscribe, and /alerts. */
export function linksOf(subscriptionId: string) {
  const base = dashboardBase();
  const query = `s=${encodeURIComponent(subscriptionId)}&t=${unsubscribeToken(subscriptionId)}`;
  return {
    manage: `${base}/alerts`,
    unsubscribe: `${base}/alerts/unsubscribe?${query}`,
    oneClick: `${base}/api/alerts/unsubscribe?${query}`,
  };
}

/** A delivery's message in each shape, each made only when its channel sends it. */
type Message = { email: () => EmailContent; standard: () => object; slack: () => object; unsubscribe: boolean };
type Content = Message | { skip: string };

/** Thrown while the funds' listing is not known yet: the attempt is tried again on the schedule. */
class NotKnownYet extends Error {}

/** What a delivery says, as the owner's access allows now. */
async function contentOf(claimed: ClaimedDelivery, access: Access, deps: DeliveryDeps): Promise<Content> {
  const subscription = claimed.subscription;
  const links = linksOf(subscription.id);
  const inScope = (source: string, fundId: string) => {
    const fund = deps.fundOf(source, fundId);
    if (fund === undefined) throw new NotKnownYet("the funds list is not known yet");
    return fund !== null && can(access, "fund.read", fund);
  };
  if (claimed.itemKind === "event") {
    const event = claimed.event;
    if (!event) return { skip: "the change is no longer kept" };
    // Outside the owner's access now (or no longer listed): never sent, and the log does not say what it was.
    if (!inScope(event.source, event.fundId)) return { skip: "outside the person's access now" };
    const message = messageOf(event);
    return {
      email: () => eventEmail(message, links),
      standard: () => eventPayload(message),
      slack: () => eventSlack(message),
      unsubscribe: true,
    };
  }
  if (claimed.itemKind === "digest") {
    const reads = deps.digestReads ?? digestReads(deps.store);
    const digest = await reads.digest(claimed.item);
    if (!digest) return { skip: "the digest is no longer kept" };
    const owned = subscription.team
      ? [subscription]
      : (await subscriptionsOf(subscription.ownerEmail, {}, deps.store)).filter(
          (row) => row.digest && digestOwner(row) === digest.owner,
        );
    const content = await digestContent(digest, owned, inScope, reads);
    return {
      email: () => digestEmail(content, links, reads.body(content)),
      standard: () => digestPayload(content, links.manage),
      slack: () => digestSlack(content, links.manage),
      unsubscribe: true,
    };
  }
  const notice = claimed.detail as Parameters<typeof noticeEmail>[0];
  return { email: () => noticeEmail(notice, links), standard: () => ({}), slack: () => ({}), unsubscribe: false };
}

/** A notice to the owner by email about a delivery of theirs (once per delivery and reason). */
async function notify(
  claimed: ClaimedDelivery,
  reason: "failed" | "gone",
  status: number | null,
  deps: DeliveryDeps,
): Promise<void> {
  const subscription = claimed.subscription;
  const about = claimed.itemKind === "digest" ? "your daily digest" : "an alert";
  await addDeliveries(
    [
      {
        subscriptionId: subscription.id,
        item: `notice:${reason}:${claimed.id}`,
        itemKind: "notice",
        channel: "email",
        nextAt: new Date(deps.now()),
        detail: {
          reason,
          endpoint: subscription.id,
          masked: subscription.webhook?.urlMasked ?? "",
          status,
          about,
        },
      },
    ],
    new Date(deps.now()),
    deps.store,
  );
}

/** After a failed attempt: due again on the schedule, or failed for good (its owner told, for a webhook). */
async function failed(
  claimed: ClaimedDelivery,
  outcome: { status: number | null; reason: string; retryAfter?: number | null },
  deps: DeliveryDeps,
): Promise<AttemptResult> {
  const now = deps.now();
  const next = nextAttemptAt(claimed.attempts, now, outcome.retryAfter ?? null, deps.random);
  const base = { httpStatus: outcome.status, detail: outcome.reason };
  if (next !== null && claimed.attempts < maxAttempts)
    return { ...base, status: "pending", outcome: "retry", nextAt: new Date(next) };
  if (claimed.channel === "webhook") await notify(claimed, "failed", outcome.status, deps);
  return { ...base, status: "failed", outcome: "failed" };
}

async function sendByEmail(claimed: ClaimedDelivery, content: Message, deps: DeliveryDeps) {
  if (!emailConfigured()) return skipped(emailNotConfigured);
  const links = linksOf(claimed.subscription.id);
  const sent = await sendEmail({
    to: claimed.subscription.ownerEmail,
    content: content.email(),
    messageId: `<${messageIdOf(claimed.subscriptionId, `${claimed.item}:email`)}@fund-explorer>`,
    unsubscribe: content.unsubscribe ? links.oneClick : undefined,
  });
  if (sent.outcome === "delivered")
    return { status: "delivered", outcome: "delivered", httpStatus: sent.code } as const;
  if (sent.outcome === "refused")
    return { status: "failed", outcome: "failed", httpStatus: sent.code, detail: sent.reason } as const;
  return failed(claimed, { status: sent.code, reason: sent.reason }, deps);
}

async function sendByWebhook(claimed: ClaimedDelivery, content: Message, deps: DeliveryDeps): Promise<AttemptResult> {
  const webhook = claimed.subscription.webhook;
  if (!webhook || webhook.disabledAt) return skipped("the webhook is disabled");
  const now = deps.now();
  const secrets = [unseal(webhook.secretSealed)];
  if (webhook.previousSecretSealed && webhook.previousUntil && webhook.previousUntil.getTime() > now)
    secrets.push(unseal(webhook.previousSecretSealed));
  const body = JSON.stringify(webhook.format === "slack" ? content.slack() : content.standard());
  const id = messageIdOf(claimed.subscriptionId, claimed.item);
  const posted = await postWebhook({
    url: unseal(webhook.urlSealed),
    body,
    // The signature's time is the real moment of sending (receivers check it against their clock), whatever clock
    // schedules the attempts.
    headers: webhookHeaders(secrets, id, Math.floor(Date.now() / 1000), body),
    resolver: deps.resolver,
    now: deps.now,
  });
  if (posted.outcome === "delivered") return { status: "delivered", outcome: "delivered", httpStatus: posted.status };
  if (posted.outcome === "gone") {
    // The receiver says the endpoint is gone: disabled, nothing more is posted, its owner is told.
    await disableWebhook(claimed.subscriptionId, "the receiver answered 410 Gone", new Date(now), deps.store);
    await notify(claimed, "gone", 410, deps);
    return { status: "failed", outcome: "gone", httpStatus: 410, detail: "HTTP 410: the webhook is disabled" };
  }
  return failed(
    claimed,
    { status: posted.status, reason: posted.reason ?? "failed", retryAfter: posted.retryAfter },
    deps,
  );
}

/** One attempt of a claimed delivery, from the owner's access to what the delivery becomes. */
export async function attemptDelivery(
  claimed: ClaimedDelivery,
  person: AlertPerson | undefined,
  deps: DeliveryDeps,
): Promise<AttemptResult> {
  const started = performance.now();
  const subscription: SubscriptionRow = claimed.subscription;
  let result: AttemptResult;
  try {
    const allowed = await accessNow(person, deps.now());
    if ("refused" in allowed) result = skipped(allowed.refused);
    else if (subscription.team && !hasRole(allowed.access, "admin"))
      result = skipped("the team subscription's admin is no longer an admin");
    else {
      const content = await contentOf(claimed, allowed.access, deps);
      if ("skip" in content) result = skipped(content.skip);
      else if (claimed.channel === "email") result = await sendByEmail(claimed, content, deps);
      else result = await sendByWebhook(claimed, content, deps);
    }
  } catch (error) {
    result = await failed(claimed, { status: null, reason: `error: ${(error as Error).message.slice(0, 120)}` }, deps);
  }
  const ms = Math.round(performance.now() - started);
  logLine("alerts_delivery", {
    delivery: claimed.id,
    endpoint: subscription.id,
    channel: claimed.channel,
    item: claimed.itemKind,
    attempt: claimed.attempts,
    status: result.status,
    httpStatus: result.httpStatus ?? null,
    reason: result.detail ?? null,
    ms,
  });
  return { ...result, ms };
}
