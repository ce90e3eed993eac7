import "server-only";
import { type StoreConnection, defaultConnection } from "./connection";
import { alertEventOf, type AlertEvent, conditionOf, type ConditionRow } from "./alerts-events";
import { type NewDelivery, newDeliveriesParams, newDeliveriesSql } from "./alerts-outbox";
import { subscriptionOf, type SubscriptionRow } from "./alerts-subscriptions";
import { dateOf, rowsOf, type Row } from "./alerts-sql";

// The daily digests: one per owner and local date (a unique key), each covering the events since the owner's last
// digest, so windows follow one another without a gap or an overlap whatever the day's length.

/** Every subscription delivered in a digest. */
export async function digestSubscriptions(store: StoreConnection = defaultConnection()): Promise<SubscriptionRow[]> {
  const rows = await store.use((db) =>
    rowsOf(db, "select * from alert_subscriptions where digest_hour is not null order by created_at, id"),
  );
  return rows.map((row) => subscriptionOf(row));
}

export interface DigestRow {
  id: string;
  owner: string;
  localDate: string;
  zone: string;
  windowStart: Date;
  windowEnd: Date;
}

function digestOf(row: Row): DigestRow {
  return {
    id: String(row.id),
    owner: String(row.owner),
    localDate: String(row.local_date),
    zone: String(row.time_zone),
    windowStart: dateOf(row.window_start)!,
    windowEnd: dateOf(row.window_end)!,
  };
}

/**
 * Makes an owner's digest of a local date, from the end of their last one (else `firstStart`) to `windowEnd`, with
 * its deliveries, in one transaction; null when that date's digest exists already (another instance made it).
 */
export async function createDigest(
  input: {
    id: string;
    owner: string;
    localDate: string;
    zone: string;
    windowEnd: Date;
    firstStart: Date;
    now: Date;
    deliveries: readonly NewDelivery[];
  },
  store: StoreConnection = defaultConnection(),
): Promise<DigestRow | null> {
  return store.use((db) =>
    db.transaction(async (tx) => {
      const [made] = await rowsOf(
        tx,
        `insert into alert_digests (id, owner, local_date, time_zone, window_start, window_end, created_at)
         select $1, $2, $3::date, $4,
           least($5::timestamptz, coalesce((select max(window_end) from alert_digests where owner = $2), $6)), $5, $7
         on conflict (owner, local_date) do nothing
         returning id, owner, local_date::text local_date, time_zone, window_start, window_end`,
        [
          input.id,
          input.owner,
          input.localDate,
          input.zone,
          input.windowEnd.toISOString(),
          input.firstStart.toISOString(),
          input.now.toISOString(),
        ],
      );
      if (!made) return null;
      if (input.deliveries.length > 0)
        await rowsOf(tx, newDeliveriesSql, newDeliveriesParams(input.deliveries, input.now));
      return digestOf(made);
    }),
  );
}

export async function digestById(id: string, store = defaultConnection()): Promise<DigestRow | null> {
  const [row] = await store.use((db) =>
    rowsOf(
      db,
      `select id, owner, local_date::text local_date, time_zone, window_start, window_end from alert_digests
       where id = $1`,
      [id],
    ),
  );
  return row ? digestOf(row) : null;
}

/** Whether an owner's digest of that local date exists. */
export async function digestMade(owner: string, localDate: string, store = defaultConnection()): Promise<boolean> {
  const rows = await store.use((db) =>
    rowsOf(db, "select 1 from alert_digests where owner = $1 and local_date = $2::date", [owner, localDate]),
  );
  return rows.length > 0;
}

const matches = `e.kind = any(s.kinds) and s.created_at <= e.at
  and (s.fund_id is null or (s.source = e.source and s.fund_id = e.fund_id))
  and (s.investor_id is null or s.investor_id = e.investor_id)`;

/** The events of [from, to) any of these subscriptions asks for, fund by fund, oldest first. */
export async function eventsForSubscriptions(
  subscriptionIds: readonly string[],
  from: Date,
  to: Date,
  store = defaultConnection(),
): Promise<AlertEvent[]> {
  const rows = await store.use((db) =>
    rowsOf(
      db,
      `select e.* from alert_events e
       where e.at >= $2 and e.at < $3
         and exists (select 1 from alert_subscriptions s where s.id = any($1::text[]) and ${matches})
       order by e.source, e.fund_id, e.at, e.id`,
      [[...subscriptionIds], from.toISOString(), to.toISOString()],
    ),
  );
  return rows.map(alertEventOf);
}

/** Conditions open now (overdue; not tying out) on the funds these subscriptions watch for conditions. */
export async function openConditionsFor(
  subscriptionIds: readonly string[],
  store = defaultConnection(),
): Promise<ConditionRow[]> {
  const rows = await store.use((db) =>
    rowsOf(
      db,
      `select c.* from alert_conditions c
       where ((c.condition = 'overdue' and c.state) or (c.condition = 'ties' and c.state = false))
         and exists (select 1 from alert_subscriptions s where s.id = any($1::text[]) and s.investor_id is null
           and s.kinds && array['overdue', 'stopped_tying_out', 'ties_out_again']::text[]
           and (s.fund_id is null or (s.source = c.source and s.fund_id = c.fund_id)))
       order by c.source, c.fund_id, c.condition`,
      [[...subscriptionIds]],
    ),
  );
  return rows.map(conditionOf);
}
