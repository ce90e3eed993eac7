import "server-only";
import { createHash } from "node:crypto";
import { logLine } from "../../server/log";
import {
  type AlertEvent,
  type ConditionRow,
  createDigest,
  digestById,
  type DigestRow,
  digestSubscriptions,
  eventsBetween,
  type NewDelivery,
  openConditions,
  type StoreConnection,
  type SubscriptionRow,
} from "../../store/server/alerts";
import { followUpsDue, type PlacedNote } from "../../store/server/team";
import type { EventDetail } from "../types";
import { digestFollowUps } from "./digest-follow-ups";
import { instantOfLocalHour, previousDate, wallClock } from "../zoned";
import {
  type AlertMessage,
  type DigestBody,
  digestBody,
  type DigestContent,
  digestFunds,
  digestKey,
  messageOf,
} from "./render";

// The daily digest (issue 30, item 5): one per person (or team subscription) per local date, at their hour in their
// zone, made by whichever instance gets there first (the store's unique key keeps it one), listing the changes since
// their last digest, grouped by fund with exact totals, and the conditions open now, as their access allows when sent.

/** Who a digest is for: a person's email, or a team subscription. */
export const digestOwner = (subscription: SubscriptionRow) =>
  subscription.team ? `team:${subscription.id}` : subscription.ownerEmail;

/** Changes that land just before the hour are still being written: a digest waits this long before it is sent. */
export const digestGraceMs = 60_000;

const digestId = (owner: string, localDate: string) =>
  `dg_${createHash("sha256").update(`${owner}\u0000${localDate}`).digest("base64url").slice(0, 27)}`;

/** The deliveries of an owner's digest: one email (a person's, if any subscription asks for email), each webhook. */
function digestDeliveries(subscriptions: readonly SubscriptionRow[], item: string, nextAt: Date): NewDelivery[] {
  const emailed = subscriptions.find((subscription) => subscription.email && !subscription.team);
  const deliveries: NewDelivery[] = [];
  if (emailed) deliveries.push({ subscriptionId: emailed.id, item, itemKind: "digest", channel: "email", nextAt });
  for (const subscription of subscriptions)
    if (subscription.webhook && !subscription.webhook.disabledAt)
      deliveries.push({ subscriptionId: subscription.id, item, itemKind: "digest", channel: "webhook", nextAt });
  return deliveries;
}

/**
 * Makes every digest due at `now` that no instance has made yet; how many this call made. `madeHere` holds the owners
 * and dates a worker knows are made, so it does not ask the store again.
 */
export async function scheduleDigests(now: number, madeHere: Set<string>, store?: StoreConnection): Promise<number> {
  const owners = new Map<string, SubscriptionRow[]>();
  for (const subscription of await digestSubscriptions(store)) {
    const owner = digestOwner(subscription);
    owners.set(owner, [...(owners.get(owner) ?? []), subscription]);
  }
  let made = 0;
  for (const [owner, subscriptions] of owners) {
    const { hour, zone } = subscriptions[0]!.digest!;
    const localDate = wallClock(now, zone).date;
    const windowEnd = instantOfLocalHour(localDate, hour, zone);
    const first = Math.min(...subscriptions.map((subscription) => subscription.createdAt.getTime()));
    // Not yet the hour; or the first subscription came after it: the first digest is the next day's.
    if (now < windowEnd || windowEnd < first) continue;
    const key = `${owner}\u0000${localDate}`;
    if (madeHere.has(key)) continue;
    const id = digestId(owner, localDate);
    const created = await createDigest(
      {
        id,
        owner,
        localDate,
        zone,
        windowEnd: new Date(windowEnd),
        firstStart: new Date(Math.max(first, instantOfLocalHour(previousDate(localDate), hour, zone))),
        now: new Date(now),
        deliveries: digestDeliveries(subscriptions, id, new Date(Math.max(now, windowEnd + digestGraceMs))),
      },
      store,
    );
    madeHere.add(key);
    if (created) {
      made += 1;
      logLine("alerts_digest_made", { digest: id, localDate, zone });
    }
  }
  return made;
}

/** What the digests of one worker pass share: each window's events, the open conditions, each digest. */
export interface DigestReads {
  digest(id: string): Promise<DigestRow | null>;
  /** An event as a message, made once for every digest that lists it. */
  message(event: AlertEvent): AlertMessage;
  /** A digest's body, made once for every digest listing the same changes. */
  body(content: DigestContent): DigestBody;
  events(from: Date, to: Date): Promise<AlertEvent[]>;
  conditions(): Promise<ConditionRow[]>;
  /** A person's follow-ups not done and due on that date or before. */
  followUps(owner: string, date: string): Promise<PlacedNote[]>;
}

/** Reads shared by the digests of one pass (100 digests of one hour read their events once). */
export function digestReads(store?: StoreConnection): DigestReads {
  const events = new Map<string, Promise<AlertEvent[]>>();
  const digests = new Map<string, Promise<DigestRow | null>>();
  const messages = new Map<string, AlertMessage>();
  const bodies = new Map<string, DigestBody>();
  let conditions: Promise<ConditionRow[]> | null = null;
  const followUps = new Map<string, Promise<PlacedNote[]>>();
  return {
    followUps(owner, date) {
      const key = `${owner}\u0000${date}`;
      let found = followUps.get(key);
      if (!found) followUps.set(key, (found = followUpsDue([owner], date, store)));
      return found;
    },
    body(content) {
      const key = digestKey(content);
      let found = bodies.get(key);
      if (!found) bodies.set(key, (found = digestBody(content)));
      return found;
    },
    message(event) {
      let found = messages.get(event.id);
      if (!found) messages.set(event.id, (found = messageOf(event)));
      return found;
    },
    digest(id) {
      let found = digests.get(id);
      if (!found) digests.set(id, (found = digestById(id, store)));
      return found;
    },
    events(from, to) {
      const key = `${from.toISOString()}/${to.toISOString()}`;
      let found = events.get(key);
      if (!found) events.set(key, (found = eventsBetween(from, to, store)));
      return found;
    },
    conditions: () => (conditions ??= openConditions(store)),
  };
}

/** Whether a subscription asks for an event: its kind, made after it, its fund and investor. */
export function asksFor(subscription: SubscriptionRow, event: AlertEvent): boolean {
  return (
    subscription.kinds.includes(event.kind) &&
    subscription.createdAt.getTime() <= event.at.getTime() &&
    (subscription.fundId === null || (subscription.source === event.source && subscription.fundId === event.fundId)) &&
    (subscription.investorId === null || subscription.investorId === event.investorId)
  );
}

const conditionKindNames = ["overdue", "stopped_tying_out", "ties_out_again"];

/** Whether a subscription watches a fund's conditions: a fund's (not one investor's), any condition kind. */
const watchesConditions = (subscription: SubscriptionRow, condition: ConditionRow) =>
  subscription.investorId === null &&
  subscription.kinds.some((kind) => conditionKindNames.includes(kind)) &&
  (subscription.fundId === null ||
    (subscription.source === condition.source && subscription.fundId === condition.fundId));

/** The digest's content as the owner's access allows now: events of funds they may read, open conditions likewise. */
export async function digestContent(
  digest: DigestRow,
  subscriptions: readonly SubscriptionRow[],
  inScope: (source: string, fundId: string) => boolean,
  reads: DigestReads,
): Promise<DigestContent> {
  const events = (await reads.events(digest.windowStart, digest.windowEnd)).filter((event) =>
    subscriptions.some((subscription) => asksFor(subscription, event)),
  );
  const messages = events.filter((event) => inScope(event.source, event.fundId)).map(reads.message);
  const open: AlertMessage[] = (await reads.conditions())
    .filter((condition) => subscriptions.some((subscription) => watchesConditions(subscription, condition)))
    .filter((condition) => inScope(condition.source, condition.fundId))
    .map((condition) => {
      const detail = condition.detail as (EventDetail["condition"] & { fundName?: string }) | null;
      const kind = condition.condition === "overdue" ? "overdue" : "stopped_tying_out";
      const eventDetail: EventDetail = {
        fundName: detail?.fundName ?? condition.fundId,
        investorName: null,
        fields: [],
        commitment: null,
        readAt: condition.updatedAt.toISOString(),
        previousReadAt: null,
        condition: {
          reminder: false,
          since: condition.openedAt?.toISOString() ?? null,
          capitalDueDate: detail?.capitalDueDate ?? null,
          daysOverdue: detail?.daysOverdue ?? null,
          outstanding: detail?.outstanding ?? null,
          differences: detail?.differences ?? [],
        },
      };
      return messageOf({
        id: `${condition.fundKey}:${condition.condition}`,
        kind,
        ...condition,
        investorId: null,
        detail: eventDetail,
      });
    });
  // A person's digest lists their follow-ups due; a team's has none.
  const due = digest.owner.startsWith("team:") ? [] : await reads.followUps(digest.owner, digest.localDate);
  return {
    date: digest.localDate,
    timeZone: digest.zone,
    from: digest.windowStart.toISOString(),
    to: digest.windowEnd.toISOString(),
    funds: digestFunds(messages),
    open,
    followUps: await digestFollowUps(due, digest.localDate, inScope),
  };
}
