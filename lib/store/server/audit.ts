import "server-only";
import type { PoolClient } from "pg";
import { type AuditEvent, type AuditEventFields, chainHash, genesisHash, retentionDetail } from "./audit-chain";
import { type StoreConnection, defaultConnection } from "./connection";

// Writes to the audit trail: one row per call, chained to the row before under one lock, and retention through
// audit_prune, the only DELETE the table's trigger lets through (lib/store/migrations/0003_audit_events.sql).

const columns =
  "id, at, actor, method, action, outcome, source, organization, fund_id, investor_id, request_id, client_address, detail, prev_hash, hash";

/** A row as node-postgres reads it (bigint as a string). */
export type AuditRecord = Record<string, unknown> & { id: string; at: Date };

export const auditSelect = `select ${columns} from audit_events`;

export function auditEventOf(row: AuditRecord): AuditEvent {
  return {
    id: Number(row.id),
    at: row.at,
    actor: row.actor as string,
    method: row.method as string,
    action: row.action as string,
    outcome: row.outcome as string,
    source: row.source as string | null,
    organization: row.organization as string | null,
    fundId: row.fund_id as string | null,
    investorId: row.investor_id as string | null,
    requestId: row.request_id as string | null,
    clientAddress: row.client_address as string | null,
    detail: row.detail as string | null,
    prevHash: row.prev_hash as string,
    hash: row.hash as string,
  };
}

/** Runs `fn` in a transaction holding the audit trail's lock: one writer at a time, so each row links to the last. */
function inAuditTransaction<T>(store: StoreConnection, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  return store.use(async (_db, pool) => {
    const client = await pool.connect();
    let broken: unknown;
    try {
      await client.query("begin");
      await client.query("select pg_advisory_xact_lock(hashtext('fund-explorer.audit'))");
      const value = await fn(client);
      await client.query("commit");
      return value;
    } catch (error) {
      broken = error;
      await client.query("rollback").catch(() => undefined);
      throw error;
    } finally {
      client.release(broken instanceof Error ? broken : undefined);
    }
  });
}

async function lastHash(client: PoolClient): Promise<string> {
  const last = await client.query<{ hash: string }>("select hash from audit_events order by id desc limit 1");
  return last.rows[0]?.hash ?? genesisHash;
}

async function append(client: PoolClient, fields: AuditEventFields, prevHash: string, at: Date): Promise<AuditEvent> {
  const next = await client.query<{ id: string }>("select nextval(pg_get_serial_sequence('audit_events', 'id')) as id");
  const row = { ...fields, id: Number(next.rows[0]!.id), at };
  const event: AuditEvent = { ...row, prevHash, hash: chainHash(prevHash, row) };
  await client.query(
    `insert into audit_events (${columns}) values (${columns.split(",").map((_, i) => `$${i + 1}`)})`,
    [
      event.id,
      event.at.toISOString(),
      event.actor,
      event.method,
      event.action,
      event.outcome,
      event.source,
      event.organization,
      event.fundId,
      event.investorId,
      event.requestId,
      event.clientAddress,
      event.detail,
      event.prevHash,
      event.hash,
    ],
  );
  return event;
}

/** Appends one row, linked to the last; `at` is for tests (rows written in the past), else now, under the lock. */
export function appendAuditEvent(
  fields: AuditEventFields,
  store: StoreConnection = defaultConnection(),
  at?: Date,
): Promise<AuditEvent> {
  return inAuditTransaction(store, async (client) => append(client, fields, await lastHash(client), at ?? new Date()));
}

/**
 * Retention: removes the rows before `before` through audit_prune, then writes a `retention` row saying how many
 * and, when some went, the anchor (the hash the first remaining row links to), which verify takes as the start.
 */
export function pruneAuditEvents(
  before: Date,
  actor: Pick<AuditEventFields, "actor" | "method">,
  store: StoreConnection = defaultConnection(),
): Promise<{ removed: number; event: AuditEvent }> {
  return inAuditTransaction(store, async (client) => {
    const prevHash = await lastHash(client);
    const pruned = await client.query<{ removed: string }>("select audit_prune($1) as removed", [before.toISOString()]);
    const removed = Number(pruned.rows[0]!.removed);
    const first = await client.query<{ prev_hash: string }>("select prev_hash from audit_events order by id limit 1");
    // Every row gone: the retention row itself is first, and links to the last row removed.
    const anchor = removed === 0 ? null : (first.rows[0]?.prev_hash ?? prevHash);
    const fields: AuditEventFields = {
      ...actor,
      action: "retention",
      outcome: "done",
      source: null,
      organization: null,
      fundId: null,
      investorId: null,
      requestId: null,
      clientAddress: null,
      detail: retentionDetail(removed, before, anchor),
    };
    return { removed, event: await append(client, fields, prevHash, new Date()) };
  });
}
