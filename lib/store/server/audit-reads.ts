import "server-only";
/** Which rows a reader may see: every one, or those of the (source, organization) pairs named (null: any). */
type Scope = { all: true } | { all: false; entries: readonly { source: string | null; organization: string | null }[] };
import type { AuditEvent } from "./audit-chain";
import { type AuditRecord, auditEventOf, auditSelect } from "./audit";
import { type StoreConnection, defaultConnection } from "./connection";

// Reads of the audit trail: the rows of a view (filters and the reader's scope in SQL, so pages and counts are
// right), newest first, and every row of it in batches for a file.

export interface AuditFilter {
  /** Part of the actor's email (any case); "" for anyone. */
  person: string;
  action: string | null;
  fundId: string | null;
  investorId: string | null;
  /** Days (YYYY-MM-DD, UTC), both included. */
  from: string | null;
  to: string | null;
}

const dayMs = 86_400_000;

/** The SQL condition of a view for a reader: their scope (a row about no fund only for a scope of everything). */
function whereOf(filter: AuditFilter, scope: Scope, upTo: number | null) {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const view: string[] = [];
  if (filter.person) view.push(`strpos(lower(actor), lower(${param(filter.person)})) > 0`);
  if (filter.action) view.push(`action = ${param(filter.action)}`);
  if (filter.fundId) view.push(`fund_id = ${param(filter.fundId)}`);
  if (filter.investorId) view.push(`investor_id = ${param(filter.investorId)}`);
  if (filter.from) view.push(`at >= ${param(new Date(`${filter.from}T00:00:00Z`).toISOString())}`);
  if (filter.to) view.push(`at < ${param(new Date(Date.parse(`${filter.to}T00:00:00Z`) + dayMs).toISOString())}`);
  const seen: string[] = upTo === null ? [] : [`id <= ${param(upTo)}`];
  if (!scope.all) {
    const sources = param(scope.entries.map((entry) => entry.source));
    const organizations = param(scope.entries.map((entry) => entry.organization?.trim() ?? null));
    // inScope's rule (lib/access/scope.ts): a fund without an organization only by an entry for its whole source.
    seen.push(`source is not null and exists (
      select 1 from unnest(${sources}::text[], ${organizations}::text[]) as e(source, organization)
      where (e.source is null or e.source = audit_events.source)
        and (e.organization is null or lower(e.organization) = lower(trim(audit_events.organization))))`);
  }
  const all = (conditions: string[]) => (conditions.length === 0 ? "true" : conditions.join(" and "));
  return { params, seen: all(seen), view: all([...seen, ...view]) };
}

export interface AuditPage {
  rows: AuditEvent[];
  /** Rows of the view; rows the reader may see at all. */
  matched: number;
  total: number;
  /** The newest row's id when the first page was read: later pages are cut from the rows up to it. */
  upTo: number;
}

/** A page of the view, newest first; `upTo` as the first page gave it (null on the first page). */
export function auditEventsPage(
  input: { filter: AuditFilter; scope: Scope; offset: number; limit: number; upTo: number | null },
  store: StoreConnection = defaultConnection(),
): Promise<AuditPage> {
  return store.use(async (_db, pool) => {
    const newest = await pool.query<{ id: string | null }>("select max(id) as id from audit_events");
    const upTo = input.upTo ?? Number(newest.rows[0]?.id ?? 0);
    const { params, seen, view } = whereOf(input.filter, input.scope, upTo);
    const counts = await pool.query<{ matched: string; total: string }>(
      `select count(*) filter (where ${view}) as matched, count(*) as total from audit_events where ${seen}`,
      params,
    );
    const rows = await pool.query<AuditRecord>(
      `${auditSelect} where ${view} order by id desc offset ${Math.trunc(input.offset)} limit ${Math.trunc(input.limit)}`,
      params,
    );
    const { matched, total } = counts.rows[0]!;
    return { rows: rows.rows.map(auditEventOf), matched: Number(matched), total: Number(total), upTo };
  });
}

/** Every row of the view, newest first, a batch at a time (each batch its own query). */
export async function* auditEventBatches(
  filter: AuditFilter,
  scope: Scope,
  store: StoreConnection = defaultConnection(),
  size = 2_000,
): AsyncGenerator<AuditEvent[]> {
  let below: number | null = null;
  for (;;) {
    const { params, view } = whereOf(filter, scope, below === null ? null : below - 1);
    const batch: AuditEvent[] = await store.use(async (_db, pool) =>
      (await pool.query<AuditRecord>(`${auditSelect} where ${view} order by id desc limit ${size}`, params)).rows.map(
        auditEventOf,
      ),
    );
    if (batch.length > 0) yield batch;
    if (batch.length < size) return;
    below = batch.at(-1)!.id;
  }
}
