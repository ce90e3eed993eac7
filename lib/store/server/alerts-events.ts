import "server-only";
import { toJson } from "../schema";
import { type PositionChange, positionChanges, positionsSql } from "./changes";
import { dateOf, rowsOf, textOf, type Row } from "./alerts-sql";
import type { StoreTx } from "./writes";

// Alerts' events, written inside the transaction that keeps a fund's investor list: what changed between the read
// before and this one (the same SQL as /changes), and each fund's conditions, locked row by row.

/** The positions that differ between two kept reads of a fund, and when the earlier one was read. */
export async function positionChangesBetween(
  tx: StoreTx,
  beforeReadId: number,
  afterReadId: number,
): Promise<{ previousReadAt: Date | null; positions: PositionChange[] }> {
  const [before] = await rowsOf(tx, "select read_at from reads where id = $1", [beforeReadId]);
  const rows = await rowsOf(tx, positionsSql, [[beforeReadId], [afterReadId]]);
  return { previousReadAt: dateOf(before?.read_at), positions: positionChanges(rows) };
}

/** Whether anyone subscribes to anything: with nobody to tell, a kept read makes no events and tracks no condition. */
export async function anySubscription(tx: StoreTx): Promise<boolean> {
  const [row] = await rowsOf(tx, "select exists (select 1 from alert_subscriptions) as any");
  return row?.any === true;
}

/** An event to keep: its id is a hash of what it is, so working it out twice keeps it once. */
export interface NewAlertEvent {
  id: string;
  fundKey: string;
  source: string;
  fundId: string;
  investorId: string | null;
  kind: string;
  beforeReadId: number | null;
  afterReadId: number | null;
  at: Date;
  detail: unknown;
}

/** Keeps events (one statement); an id already kept is left as it is. */
export async function insertAlertEvents(tx: StoreTx, events: readonly NewAlertEvent[]): Promise<void> {
  if (events.length === 0) return;
  const records = events.map((event) => ({
    id: event.id,
    fund_key: event.fundKey,
    source: event.source,
    fund_id: event.fundId,
    investor_id: event.investorId,
    kind: event.kind,
    before_read_id: event.beforeReadId,
    after_read_id: event.afterReadId,
    at: event.at.toISOString(),
    detail: event.detail,
  }));
  await rowsOf(
    tx,
    `insert into alert_events (id, fund_key, source, fund_id, investor_id, kind, before_read_id, after_read_id, at, detail)
     select id, fund_key, source, fund_id, investor_id, kind, before_read_id, after_read_id, at, detail
     from jsonb_to_recordset($1::jsonb) as x(id text, fund_key text, source text, fund_id text, investor_id text,
       kind text, before_read_id bigint, after_read_id bigint, at timestamptz, detail jsonb)
     on conflict (id) do nothing`,
    [toJson(records)],
  );
}

/** One fund's condition as kept: the state two reads agreed on, one seen once since, and when it was last told. */
export interface ConditionRow {
  fundKey: string;
  condition: string;
  source: string;
  fundId: string;
  state: boolean | null;
  pending: boolean | null;
  openedAt: Date | null;
  firedAt: Date | null;
  lastReadId: number | null;
  detail: unknown;
  updatedAt: Date;
}

export function conditionOf(row: Row): ConditionRow {
  return {
    fundKey: String(row.fund_key),
    condition: String(row.condition),
    source: String(row.source),
    fundId: String(row.fund_id),
    state: (row.state as boolean | null) ?? null,
    pending: (row.pending as boolean | null) ?? null,
    openedAt: dateOf(row.opened_at),
    firedAt: dateOf(row.fired_at),
    lastReadId: row.last_read_id == null ? null : Number(row.last_read_id),
    detail: row.detail ?? null,
    updatedAt: dateOf(row.updated_at)!,
  };
}

/** A condition of one fund: which, and the read that observes it. */
export interface ConditionKey {
  fundKey: string;
  condition: string;
  source: string;
  fundId: string;
  at: Date;
}

/**
 * The funds' conditions, made when new and locked until the transaction ends (two instances keeping reads of one fund
 * take turns; locked in key order, so two batches never wait on each other crosswise). Three statements per batch.
 */
export async function lockedConditions(tx: StoreTx, keys: readonly ConditionKey[]): Promise<ConditionRow[]> {
  if (keys.length === 0) return [];
  const column = <T>(pick: (key: ConditionKey) => T) => keys.map(pick);
  await rowsOf(
    tx,
    `insert into alert_conditions (fund_key, condition, source, fund_id, updated_at)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])
     order by 1, 2
     on conflict (fund_key, condition) do nothing`,
    [
      column((key) => key.fundKey),
      column((key) => key.condition),
      column((key) => key.source),
      column((key) => key.fundId),
      column((key) => key.at.toISOString()),
    ],
  );
  const rows = await rowsOf(
    tx,
    `select * from alert_conditions
     where (fund_key, condition) in (select * from unnest($1::text[], $2::text[]))
     order by fund_key, condition for update`,
    [column((key) => key.fundKey), column((key) => key.condition)],
  );
  return rows.map(conditionOf);
}

/** Writes the conditions' new states back (one statement). */
export async function saveConditions(tx: StoreTx, rows: readonly ConditionRow[]): Promise<void> {
  if (rows.length === 0) return;
  const records = rows.map((row) => ({
    fund_key: row.fundKey,
    condition: row.condition,
    source: row.source,
    fund_id: row.fundId,
    state: row.state,
    pending: row.pending,
    opened_at: row.openedAt?.toISOString() ?? null,
    fired_at: row.firedAt?.toISOString() ?? null,
    last_read_id: row.lastReadId,
    detail: row.detail ?? null,
    updated_at: row.updatedAt.toISOString(),
  }));
  await rowsOf(
    tx,
    `update alert_conditions c set source = x.source, fund_id = x.fund_id, state = x.state, pending = x.pending,
       opened_at = x.opened_at, fired_at = x.fired_at, last_read_id = x.last_read_id, detail = x.detail,
       updated_at = x.updated_at
     from jsonb_to_recordset($1::jsonb) as x(fund_key text, condition text, source text, fund_id text, state boolean,
       pending boolean, opened_at timestamptz, fired_at timestamptz, last_read_id bigint, detail jsonb,
       updated_at timestamptz)
     where c.fund_key = x.fund_key and c.condition = x.condition`,
    [toJson(records)],
  );
}

/** An event as kept. */
export interface AlertEvent extends NewAlertEvent {
  fannedOut: boolean;
}

export function alertEventOf(row: Row): AlertEvent {
  return {
    id: String(row.id),
    fundKey: String(row.fund_key),
    source: String(row.source),
    fundId: String(row.fund_id),
    investorId: textOf(row.investor_id),
    kind: String(row.kind),
    beforeReadId: row.before_read_id == null ? null : Number(row.before_read_id),
    afterReadId: row.after_read_id == null ? null : Number(row.after_read_id),
    at: dateOf(row.at)!,
    detail: row.detail,
    fannedOut: row.fanned_out === true,
  };
}
