import "server-only";
import { toJson } from "../schema";
import { type StoreConnection, defaultConnection } from "./connection";
import { dateOf, rowsOf, textOf, type Row } from "./alerts-sql";

// Alerts' subscriptions and the people they are sent to. A webhook's URL and secrets arrive sealed (encrypted by
// lib/alerts): the store never holds them in the clear.

export interface SubscriptionWebhook {
  urlSealed: string;
  urlMasked: string;
  format: string;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousUntil: Date | null;
  disabledAt: Date | null;
  disabledReason: string | null;
}

export interface SubscriptionRow {
  id: string;
  ownerEmail: string;
  team: boolean;
  label: string | null;
  kinds: string[];
  /** The fund watched (its source and upstream id), or null for every fund in the owner's scope. */
  source: string | null;
  fundId: string | null;
  investorId: string | null;
  email: boolean;
  webhook: SubscriptionWebhook | null;
  digest: { hour: number; zone: string } | null;
  createdAt: Date;
}

export function subscriptionOf(row: Row, prefix = ""): SubscriptionRow {
  const at = (key: string) => row[`${prefix}${key}`];
  return {
    id: String(at("id")),
    ownerEmail: String(at("owner_email")),
    team: at("team") === true,
    label: textOf(at("label")),
    kinds: (at("kinds") as string[]) ?? [],
    source: textOf(at("source")),
    fundId: textOf(at("fund_id")),
    investorId: textOf(at("investor_id")),
    email: at("email") === true,
    webhook:
      at("webhook_url_sealed") == null
        ? null
        : {
            urlSealed: String(at("webhook_url_sealed")),
            urlMasked: String(at("webhook_url_masked")),
            format: String(at("webhook_format")),
            secretSealed: String(at("webhook_secret_sealed")),
            previousSecretSealed: textOf(at("webhook_previous_secret_sealed")),
            previousUntil: dateOf(at("webhook_previous_until")),
            disabledAt: dateOf(at("webhook_disabled_at")),
            disabledReason: textOf(at("webhook_disabled_reason")),
          },
    digest: at("digest_hour") == null ? null : { hour: Number(at("digest_hour")), zone: String(at("digest_zone")) },
    createdAt: dateOf(at("created_at"))!,
  };
}

export async function insertSubscription(row: SubscriptionRow, store: StoreConnection = defaultConnection()) {
  const { webhook, digest } = row;
  await store.use((db) =>
    rowsOf(
      db,
      `insert into alert_subscriptions (id, owner_email, team, label, kinds, source, fund_id, investor_id, email,
         webhook_url_sealed, webhook_url_masked, webhook_format, webhook_secret_sealed, digest_hour, digest_zone,
         created_at)
       values ($1, $2, $3, $4, $5::text[], $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
      [
        row.id,
        row.ownerEmail,
        row.team,
        row.label,
        row.kinds,
        row.source,
        row.fundId,
        row.investorId,
        row.email,
        webhook?.urlSealed ?? null,
        webhook?.urlMasked ?? null,
        webhook?.format ?? null,
        webhook?.secretSealed ?? null,
        digest?.hour ?? null,
        digest?.zone ?? null,
        row.createdAt.toISOString(),
      ],
    ),
  );
}

/** An owner's own subscriptions (team ones too) and, with `allTeams`, every team's: newest first. */
export async function subscriptionsOf(
  ownerEmail: string,
  options: { allTeams?: boolean } = {},
  store: StoreConnection = defaultConnection(),
): Promise<SubscriptionRow[]> {
  const rows = await store.use((db) =>
    rowsOf(
      db,
      `select * from alert_subscriptions where owner_email = $1 or ($2 and team) order by created_at desc, id`,
      [ownerEmail, options.allTeams === true],
    ),
  );
  return rows.map((row) => subscriptionOf(row));
}

export async function subscriptionById(
  id: string,
  store: StoreConnection = defaultConnection(),
): Promise<SubscriptionRow | null> {
  const [row] = await store.use((db) => rowsOf(db, "select * from alert_subscriptions where id = $1", [id]));
  return row ? subscriptionOf(row) : null;
}

export async function countSubscriptions(ownerEmail: string, store: StoreConnection = defaultConnection()) {
  const [row] = await store.use((db) =>
    rowsOf(db, "select count(*)::int n from alert_subscriptions where owner_email = $1", [ownerEmail]),
  );
  return Number(row?.n ?? 0);
}

/** Deletes a subscription with its deliveries; whether it was there. */
export async function deleteSubscription(id: string, store: StoreConnection = defaultConnection()): Promise<boolean> {
  const rows = await store.use((db) => rowsOf(db, "delete from alert_subscriptions where id = $1 returning id", [id]));
  return rows.length > 0;
}

/** Email off (an unsubscribe link): the subscription goes when nothing else delivers it. */
export async function unsubscribeEmail(id: string, store: StoreConnection = defaultConnection()): Promise<boolean> {
  return store.use(async (db) => {
    const rows = await rowsOf(db, "update alert_subscriptions set email = false where id = $1 returning id", [id]);
    await rowsOf(db, "delete from alert_subscriptions where id = $1 and not email and webhook_url_sealed is null", [
      id,
    ]);
    return rows.length > 0;
  });
}

/** One digest time for all of a person's digest subscriptions: the last one chosen. */
export async function setDigestSchedule(
  ownerEmail: string,
  digest: { hour: number; zone: string },
  store: StoreConnection = defaultConnection(),
): Promise<void> {
  await store.use((db) =>
    rowsOf(
      db,
      `update alert_subscriptions set digest_hour = $2, digest_zone = $3
       where owner_email = $1 and not team and digest_hour is not null`,
      [ownerEmail, digest.hour, digest.zone],
    ),
  );
}

/** A webhook the receiver said is gone (410), or given up on: nothing more is posted to it. */
export async function disableWebhook(
  id: string,
  reason: string,
  at: Date,
  store: StoreConnection = defaultConnection(),
): Promise<void> {
  await store.use((db) =>
    rowsOf(
      db,
      `update alert_subscriptions set webhook_disabled_at = $2, webhook_disabled_reason = $3
       where id = $1 and webhook_disabled_at is null`,
      [id, at.toISOString(), reason],
    ),
  );
}

/** A new signing secret; the old one still signs beside it until `previousUntil`. */
export async function rotateWebhookSecret(
  id: string,
  secretSealed: string,
  previousUntil: Date,
  store: StoreConnection = defaultConnection(),
): Promise<boolean> {
  const rows = await store.use((db) =>
    rowsOf(
      db,
      `update alert_subscriptions set webhook_previous_secret_sealed = webhook_secret_sealed,
         webhook_secret_sealed = $2, webhook_previous_until = $3, webhook_disabled_at = null,
         webhook_disabled_reason = null
       where id = $1 and webhook_url_sealed is not null returning id`,
      [id, secretSealed, previousUntil.toISOString()],
    ),
  );
  return rows.length > 0;
}

/** A person alerts are sent to, as last seen: how they sign in and, for single sign-on and the proxy, their groups. */
export interface AlertPerson {
  email: string;
  name: string | null;
  method: string;
  groups: string[] | null;
  seenAt: Date;
}

export async function notePerson(person: AlertPerson, store: StoreConnection = defaultConnection()): Promise<void> {
  await store.use((db) =>
    rowsOf(
      db,
      `insert into alert_people (email, name, method, groups, seen_at) values ($1, $2, $3, $4::jsonb, $5)
       on conflict (email) do update set name = excluded.name, method = excluded.method, groups = excluded.groups,
         seen_at = greatest(alert_people.seen_at, excluded.seen_at)`,
      [person.email, person.name, person.method, toJson(person.groups), person.seenAt.toISOString()],
    ),
  );
}

/** What the dashboard learnt of a person already known to alerts (a sign-in, a re-evaluation): nobody else is added. */
export async function refreshPerson(person: AlertPerson, store: StoreConnection = defaultConnection()): Promise<void> {
  await store.use((db) =>
    rowsOf(
      db,
      `update alert_people set name = $2, method = $3, groups = $4::jsonb, seen_at = greatest(seen_at, $5)
       where email = $1`,
      [person.email, person.name, person.method, toJson(person.groups), person.seenAt.toISOString()],
    ),
  );
}

/** The people alerts and team work know, the latest seen first: at most `limit`. */
export async function knownAlertPeople(
  limit = 2_000,
  store: StoreConnection = defaultConnection(),
): Promise<AlertPerson[]> {
  const rows = await store.use((db) =>
    rowsOf(db, "select email from alert_people order by seen_at desc, email limit $1", [limit]),
  );
  return [
    ...(
      await peopleByEmail(
        rows.map((row) => String(row.email)),
        store,
      )
    ).values(),
  ];
}

export async function peopleByEmail(
  emails: readonly string[],
  store: StoreConnection = defaultConnection(),
): Promise<Map<string, AlertPerson>> {
  if (emails.length === 0) return new Map();
  const rows = await store.use((db) =>
    rowsOf(db, "select * from alert_people where email = any($1::text[])", [[...new Set(emails)]]),
  );
  return new Map(
    rows.map((row) => [
      String(row.email),
      {
        email: String(row.email),
        name: textOf(row.name),
        method: String(row.method),
        groups: (row.groups as string[] | null) ?? null,
        seenAt: dateOf(row.seen_at)!,
      },
    ]),
  );
}
