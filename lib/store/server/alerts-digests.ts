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
  // No conflict target: the id is the owner's and date's, so a second scheduler's row meets the primary key and the
  // (owner, local_date) key at once; naming one arbiter made PostgreSQL raise on the other when two raced.
  return store.use((db) =>
    db.transaction(async (tx) => {
      const [made] = await rowsOf(
        tx,
        `insert into alert_digests (id, owner, local_date, time_zone, window_start, window_end, created_at)
         select $1, $2, $3::date, $4,
           least($5::timestamptz, coalesce((select max(window_end) from alert_digests where owner = $2), $6)), $5, $7
         on conflict do nothing
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

/** Every event of [from, to), fund by fund, oldest first: the digests of one hour share them. */
export async function eventsBetween(from: Date, to: Date, store = defaultConnection()): Promise<AlertEvent[]> {
  const rows = await store.use((db) =>
    rowsOf(db, "select * from alert_events where at >= $1 and at < $2 order by source, fund_id, at, id", [
      from.toISOString(),
      to.toISOString(),
    ]),
  );
  return rows.map(alertEventOf);
}

/** Every condition open now: overdue, or not tying out. */
export async function openConditions(store = defaultConnection()): Promise<ConditionRow[]> {
  const rows = await store.use((db) =>
    rowsOf(
      db,
      `select * from alert_conditions where (condition = 'overdue' and state) or (condition = 'ties' and state = false)
       order by source, fund_id, condition`,
    ),
  );
  return rows.map(conditionOf);
}
