import "server-only";
import { toJson } from "../schema";
import { type StoreConnection, defaultConnection } from "./connection";
import { alertEventOf, type AlertEvent } from "./alerts-events";
import { subscriptionOf, type SubscriptionRow } from "./alerts-subscriptions";
import { dateOf, rowsOf, textOf, type Row } from "./alerts-sql";

// The outbox: one row per (subscription, item, channel), never two (a unique key), claimed with a lease by any
// instance (FOR UPDATE SKIP LOCKED), the same SQL on PGlite and PostgreSQL. Times are the caller's clock.

export type ItemKind = "event" | "digest" | "notice";
export type Channel = "email" | "webhook";
export type DeliveryStatus = "pending" | "sending" | "delivered" | "failed" | "skipped";

export interface OutboxRow {
  id: number;
  subscriptionId: string;
  item: string;
  itemKind: ItemKind;
  channel: Channel;
  status: DeliveryStatus;
  attempts: number;
  nextAt: Date;
  leaseUntil: Date | null;
  leasedBy: string | null;
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
  detail: unknown;
  createdAt: Date;
}

function outboxOf(row: Row): OutboxRow {
  return {
    id: Number(row.id),
    subscriptionId: String(row.subscription_id),
    item: String(row.item),
    itemKind: row.item_kind as ItemKind,
    channel: row.channel as Channel,
    status: row.status as DeliveryStatus,
    attempts: Number(row.attempts),
    nextAt: dateOf(row.next_at)!,
    leaseUntil: dateOf(row.lease_until),
    leasedBy: textOf(row.leased_by),
    lastStatus: row.last_status == null ? null : Number(row.last_status),
    lastError: textOf(row.last_error),
    deliveredAt: dateOf(row.delivered_at),
    detail: row.detail ?? null,
    createdAt: dateOf(row.created_at)!,
  };
}

const iso = (date: Date) => date.toISOString();

/**
 * Makes deliveries of up to `limit` events not yet fanned out: one per (subscription, channel) each matches (its
 * kinds, fund and investor; at once, not in a digest; made before the event). Instances share the work: each takes
 * events no other holds. How many events it took.
 */
export async function fanOutEvents(now: Date, limit: number, store: StoreConnection = defaultConnection()) {
  return store.use((db) =>
    db.transaction(async (tx) => {
      const taken = await rowsOf(
        tx,
        "select id from alert_events where not fanned_out order by at, id limit $1 for update skip locked",
        [limit],
      );
      if (taken.length === 0) return 0;
      const ids = taken.map((row) => String(row.id));
      await rowsOf(
        tx,
        `insert into alert_outbox (subscription_id, item, item_kind, channel, next_at, created_at)
         select s.id, e.id, 'event', c.channel, $2, $2
         from alert_events e
         join alert_subscriptions s on e.kind = any(s.kinds) and s.digest_hour is null and s.created_at <= e.at
           and (s.fund_id is null or (s.source = e.source and s.fund_id = e.fund_id))
           and (s.investor_id is null or s.investor_id = e.investor_id)
         cross join (values ('email'), ('webhook')) c(channel)
         where e.id = any($1::text[])
           and ((c.channel = 'email' and s.email)
             or (c.channel = 'webhook' and s.webhook_url_sealed is not null and s.webhook_disabled_at is null))
         on conflict (subscription_id, item, channel) do nothing`,
        [ids, iso(now)],
      );
      await rowsOf(tx, "update alert_events set fanned_out = true where id = any($1::text[])", [ids]);
      return ids.length;
    }),
  );
}

/** Deliveries to add (a digest's, a notice): each at most once, by the outbox's unique key. */
export interface NewDelivery {
  subscriptionId: string;
  item: string;
  itemKind: ItemKind;
  channel: Channel;
  nextAt: Date;
  detail?: unknown;
}

export const newDeliveriesSql = `
  insert into alert_outbox (subscription_id, item, item_kind, channel, next_at, detail, created_at)
  select subscription_id, item, item_kind, channel, next_at, detail, $2
  from jsonb_to_recordset($1::jsonb) as x(subscription_id text, item text, item_kind text, channel text,
    next_at timestamptz, detail jsonb)
  on conflict (subscription_id, item, channel) do nothing`;

export const newDeliveriesParams = (deliveries: readonly NewDelivery[], now: Date) => [
  toJson(
    deliveries.map((delivery) => ({
      subscription_id: delivery.subscriptionId,
      item: delivery.item,
      item_kind: delivery.itemKind,
      channel: delivery.channel,
      next_at: iso(delivery.nextAt),
      detail: delivery.detail ?? null,
    })),
  ),
  iso(now),
];

export async function addDeliveries(
  deliveries: readonly NewDelivery[],
  now: Date,
  store: StoreConnection = defaultConnection(),
): Promise<void> {
  if (deliveries.length === 0) return;
  await store.use((db) => rowsOf(db, newDeliveriesSql, newDeliveriesParams(deliveries, now)));
}

/** A claimed delivery, with its subscription (and its event, for an event's). */
export interface ClaimedDelivery extends OutboxRow {
  subscription: SubscriptionRow;
  event: AlertEvent | null;
}

/**
 * Claims up to `limit` deliveries due at `now` (or whose lease ran out: their instance died mid-send) for `worker`,
 * each leased until now + leaseMs and counted as an attempt. Rows another instance holds are skipped, not waited for.
 */
export async function claimDeliveries(
  input: { now: Date; limit: number; leaseMs: number; worker: string },
  store: StoreConnection = defaultConnection(),
): Promise<ClaimedDelivery[]> {
  const { now, limit, leaseMs, worker } = input;
  const rows = await store.use((db) =>
    rowsOf(
      db,
      `with due as (
         select id from alert_outbox
         where (status = 'pending' and next_at <= $1) or (status = 'sending' and lease_until <= $1)
         order by next_at, id limit $2 for update skip locked
       ), claimed as (
         update alert_outbox o set status = 'sending', lease_until = $1::timestamptz + $3::int * interval '1 millisecond',
           leased_by = $4, attempts = o.attempts + 1
         from due where o.id = due.id returning o.*
       )
       select c.*, s.id s_id, s.owner_email s_owner_email, s.team s_team, s.label s_label, s.kinds s_kinds,
         s.source s_source, s.fund_id s_fund_id, s.investor_id s_investor_id, s.email s_email,
         s.webhook_url_sealed s_webhook_url_sealed, s.webhook_url_masked s_webhook_url_masked,
         s.webhook_format s_webhook_format, s.webhook_secret_sealed s_webhook_secret_sealed,
         s.webhook_previous_secret_sealed s_webhook_previous_secret_sealed,
         s.webhook_previous_until s_webhook_previous_until, s.webhook_disabled_at s_webhook_disabled_at,
         s.webhook_disabled_reason s_webhook_disabled_reason, s.digest_hour s_digest_hour,
         s.digest_zone s_digest_zone, s.created_at s_created_at,
         e.id e_id, e.fund_key e_fund_key, e.source e_source, e.fund_id e_fund_id, e.investor_id e_investor_id,
         e.kind e_kind, e.before_read_id e_before_read_id, e.after_read_id e_after_read_id, e.at e_at,
         e.detail e_detail, e.fanned_out e_fanned_out
       from claimed c join alert_subscriptions s on s.id = c.subscription_id
       left join alert_events e on c.item_kind = 'event' and e.id = c.item
       order by c.next_at, c.id`,
      [iso(now), limit, leaseMs, worker],
    ),
  );
  return rows.map((row) => {
    const event: Row = {};
    for (const [key, value] of Object.entries(row)) if (key.startsWith("e_")) event[key.slice(2)] = value;
    return {
      ...outboxOf(row),
      subscription: subscriptionOf(row, "s_"),
      event: row.e_id == null ? null : alertEventOf(event),
    };
  });
}

/** How an attempt ended, and what the delivery becomes. */
export interface AttemptResult {
  /** delivered, retry (pending again at nextAt), failed (no more attempts), skipped (never to be sent). */
  status: "delivered" | "pending" | "failed" | "skipped";
  outcome: string;
  nextAt?: Date;
  httpStatus?: number | null;
  detail?: string | null;
  ms?: number | null;
}

/** One attempt ended: the delivery's id, which attempt it was, when it ended and how. */
export interface FinishedAttempt {
  id: number;
  attempt: number;
  at: Date;
  result: AttemptResult;
}

/**
 * Ends this worker's attempts: each delivery's new state and a row of the log, in one statement. A delivery whose lease
 * was lost meanwhile (another instance claimed it again) is left to the other attempt. The ids recorded.
 */
export async function finishAttempts(
  worker: string,
  attempts: readonly FinishedAttempt[],
  store: StoreConnection = defaultConnection(),
): Promise<number[]> {
  if (attempts.length === 0) return [];
  const records = attempts.map(({ id, attempt, at, result }) => ({
    id,
    attempt,
    at: iso(at),
    status: result.status,
    outcome: result.outcome,
    next_at: result.nextAt ? iso(result.nextAt) : null,
    http_status: result.httpStatus ?? null,
    detail: result.detail ?? null,
    ms: result.ms ?? null,
  }));
  const rows = await store.use((db) =>
    rowsOf(
      db,
      `with results as (
         select * from jsonb_to_recordset($1::jsonb) as x(id bigint, attempt integer, at timestamptz, status text,
           outcome text, next_at timestamptz, http_status integer, detail text, ms integer)
       ), updated as (
         update alert_outbox o set status = r.status, next_at = coalesce(r.next_at, o.next_at), lease_until = null,
           leased_by = null, last_status = r.http_status, last_error = r.detail,
           delivered_at = case when r.status = 'delivered' then r.at end
         from results r where o.id = r.id and o.leased_by = $2 and o.status = 'sending'
         returning o.id
       )
       insert into alert_attempts (outbox_id, attempt, at, outcome, status, detail, ms)
       select r.id, r.attempt, r.at, r.outcome, r.http_status, r.detail, r.ms from results r join updated u on u.id = r.id
       returning outbox_id`,
      [toJson(records), worker],
    ),
  );
  return rows.map((row) => Number(row.outbox_id));
}

/** Gives back deliveries this worker claimed but did not start (it is stopping): due again at once, uncounted. */
export async function releaseClaims(ids: readonly number[], worker: string, store = defaultConnection()) {
  if (ids.length === 0) return;
  await store.use((db) =>
    rowsOf(
      db,
      `update alert_outbox set status = 'pending', lease_until = null, leased_by = null, attempts = attempts - 1
       where id = any($1::bigint[]) and leased_by = $2 and status = 'sending'`,
      [ids, worker],
    ),
  );
}

/** Sends a delivery again from its first attempt (the log's Resend): the same message, the same webhook-id. */
export async function resendDelivery(id: number, now: Date, store = defaultConnection()): Promise<boolean> {
  const rows = await store.use((db) =>
    rowsOf(
      db,
      `update alert_outbox set status = 'pending', attempts = 0, next_at = $2, lease_until = null, leased_by = null
       where id = $1 and status in ('delivered', 'failed', 'skipped') returning id`,
      [id, iso(now)],
    ),
  );
  return rows.length > 0;
}

export async function deliveryById(id: number, store = defaultConnection()): Promise<OutboxRow | null> {
  const [row] = await store.use((db) => rowsOf(db, "select * from alert_outbox where id = $1", [id]));
  return row ? outboxOf(row) : null;
}

/** One line of the delivery log: the delivery, its event (kind, fund, investor, detail) and each attempt. */
export interface DeliveryLogRow extends OutboxRow {
  kind: string | null;
  source: string | null;
  fundId: string | null;
  investorId: string | null;
  eventDetail: unknown;
  attemptLog: { attempt: number; at: Date; outcome: string; status: number | null; detail: string | null }[];
}

/** The newest deliveries of these subscriptions, with their attempts. */
export async function deliveryLog(
  subscriptionIds: readonly string[],
  limit: number,
  store = defaultConnection(),
): Promise<DeliveryLogRow[]> {
  if (subscriptionIds.length === 0) return [];
  const rows = await store.use((db) =>
    rowsOf(
      db,
      `select o.*, e.kind, e.source, e.fund_id, e.investor_id, e.detail event_detail,
         coalesce((select jsonb_agg(jsonb_build_object('attempt', a.attempt, 'at', a.at, 'outcome', a.outcome,
           'status', a.status, 'detail', a.detail) order by a.id) from alert_attempts a where a.outbox_id = o.id),
           '[]'::jsonb) attempt_log
       from alert_outbox o left join alert_events e on o.item_kind = 'event' and e.id = o.item
       where o.subscription_id = any($1::text[])
       order by o.created_at desc, o.id desc limit $2`,
      [[...subscriptionIds], limit],
    ),
  );
  return rows.map((row) => ({
    ...outboxOf(row),
    kind: textOf(row.kind),
    source: textOf(row.source),
    fundId: textOf(row.fund_id),
    investorId: textOf(row.investor_id),
    eventDetail: row.event_detail ?? null,
    attemptLog: (row.attempt_log as Row[]).map((attempt) => ({
      attempt: Number(attempt.attempt),
      at: new Date(String(attempt.at)),
      outcome: String(attempt.outcome),
      status: attempt.status == null ? null : Number(attempt.status),
      detail: textOf(attempt.detail),
    })),
  }));
}

/** Removes what is older than `before`: events, digests, and deliveries no longer due (with their attempts). */
export async function pruneAlerts(before: Date, store = defaultConnection()): Promise<number> {
  return store.use(async (db) => {
    const outbox = await rowsOf(
      db,
      "delete from alert_outbox where created_at < $1 and status in ('delivered', 'failed', 'skipped') returning id",
      [iso(before)],
    );
    await rowsOf(db, "delete from alert_events where at < $1 and fanned_out", [iso(before)]);
    await rowsOf(db, "delete from alert_digests where window_end < $1", [iso(before)]);
    return outbox.length;
  });
}
