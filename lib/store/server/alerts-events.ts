import "server-only";
import { toJson } from "../schema";
import { changeOf, type PositionChange, positionsSql } from "./changes";
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
  return { previousReadAt: dateOf(before?.read_at), positions: rows.map(changeOf) };
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

/** A fund's condition, locked until the transaction ends (two instances keeping reads of one fund take turns). */
export async function lockedCondition(
  tx: StoreTx,
  key: { fundKey: string; condition: string; source: string; fundId: string },
  now: Date,
): Promise<ConditionRow> {
  await rowsOf(
    tx,
    `insert into alert_conditions (fund_key, condition, source, fund_id, updated_at) values ($1, $2, $3, $4, $5)
     on conflict (fund_key, condition) do nothing`,
    [key.fundKey, key.condition, key.source, key.fundId, now.toISOString()],
  );
  const [row] = await rowsOf(tx, "select * from alert_conditions where fund_key = $1 and condition = $2 for update", [
    key.fundKey,
    key.condition,
  ]);
  return conditionOf(row!);
}

export async function saveCondition(tx: StoreTx, row: ConditionRow): Promise<void> {
  await rowsOf(
    tx,
    `update alert_conditions set source = $3, fund_id = $4, state = $5, pending = $6, opened_at = $7, fired_at = $8,
       last_read_id = $9, detail = $10::jsonb, updated_at = $11
     where fund_key = $1 and condition = $2`,
    [
      row.fundKey,
      row.condition,
      row.source,
      row.fundId,
      row.state,
      row.pending,
      row.openedAt?.toISOString() ?? null,
      row.firedAt?.toISOString() ?? null,
      row.lastReadId,
      toJson(row.detail ?? null),
      row.updatedAt.toISOString(),
    ],
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
