import "server-only";
import type { StoreScope } from "../model";
import { type StoreConnection, defaultConnection } from "./connection";
import { holdsEverything, inScope, Params } from "./org-scope";

// How far the organization's reads have come, for the funds of one scope: every view that spans funds says it.

/** A fund whose investor list could not be read, by its source's fingerprint and upstream id. */
export interface OrgFailure {
  fingerprint: string;
  fundId: string;
  name: string;
  status: number;
  message: string;
}

export interface OrgState {
  /** Funds in scope (listed by their source). */
  total: number;
  /** Funds tried in the round under way (read or failed), or every fund tried once when none is under way. */
  tried: number;
  /** Every fund in scope tried at least once: none is waiting for its first read. */
  complete: boolean;
  failedCount: number;
  /** The first ten funds that could not be read, in the funds lists' order. */
  failed: OrgFailure[];
  /** A digest of every fund's list and state in scope once complete: a later page must come from the same. */
  version: string | null;
  /** The oldest read the funds' positions come from. */
  asOf: Date | null;
  /** A round of reads is under way for a source in scope. */
  reading: boolean;
  /** The scope holds every fund the model counts (the whole organization's directory is the person's). */
  everything: boolean;
  /**
   * Each source in scope (by fingerprint) whose funds list the model never had: not listed yet, with the failure of
   * its last round's list when it failed.
   */
  unlisted: { fingerprint: string; failure: { status: number; message: string } | null }[];
}

interface Row {
  total: number;
  tried: number;
  pending: number;
  failed: number;
  as_of: Date | null;
  version: string | null;
  listed: string[] | null;
  reading: boolean | null;
  failures: OrgFailure[] | null;
  unlisted: { fingerprint: string; status: number | null; message: string | null }[] | null;
}

/** The state of the organization's reads for the funds in `scope`, in one query. */
export function orgState(scope: StoreScope, store: StoreConnection = defaultConnection()): Promise<OrgState> {
  const params = new Params();
  const fingerprints = params.add([...new Set([...scope.whole, ...scope.parts.map((part) => part.fingerprint)])]);
  const text = `
    with scoped as (select f.* from org_funds f where ${inScope(scope, params)}),
    rounds as (select o.* from org_sources o where o.fingerprint in (select fingerprint from scoped)),
    running as (select fingerprint, round_started_at from rounds
                where round_started_at is not null and (round_ended_at is null or round_ended_at < round_started_at))
    select (select count(*) from scoped)::int as total,
      (select count(*) from scoped s left join running r on r.fingerprint = s.fingerprint
        where s.status <> 'pending' and (r.round_started_at is null or s.tried_at >= r.round_started_at))::int as tried,
      (select count(*) from scoped where status = 'pending')::int as pending,
      (select count(*) from scoped where status = 'failed')::int as failed,
      (select min(read_at) from scoped where status = 'read') as as_of,
      (select encode(sha256(convert_to(coalesce(string_agg(concat_ws(':', fund_key, digest, status, failure_status, name,
                                                           total_commitments, total_contributed, total_received),
                                                  ',' order by fund_key), ''), 'UTF8')), 'hex') from scoped) as version,
      (select array_agg(distinct fingerprint) from org_funds where listed) as listed,
      exists (select 1 from running) as reading,
      (select json_agg(json_build_object('fingerprint', fingerprint, 'fundId', fund_id, 'name', coalesce(name, fund_id),
                                         'status', failure_status, 'message', failure_message))
       from (select * from scoped where status = 'failed' order by fingerprint, ordinal limit 10) x) as failures,
      (select json_agg(json_build_object('fingerprint', s.fp, 'status', o.list_failure_status,
                                         'message', o.list_failure))
       from unnest(${fingerprints}::text[]) s(fp) left join org_sources o on o.fingerprint = s.fp
       where not exists (select 1 from org_funds f where f.fingerprint = s.fp and f.listed)
         and (o.round_ended_at is null or o.list_failure is not null)) as unlisted`;
  return store.use(async (_db, pool) => {
    const row = (await pool.query<Row>(text, params.values)).rows[0]!;
    const unlisted = (row.unlisted ?? []).map((source) => ({
      fingerprint: source.fingerprint,
      failure: source.message === null ? null : { status: source.status ?? 502, message: source.message },
    }));
    // Complete once every fund was tried, and every source in scope had its funds list read.
    const complete = row.pending === 0 && unlisted.length === 0;
    return {
      total: row.total,
      tried: row.tried,
      complete,
      failedCount: row.failed,
      failed: row.failures ?? [],
      version: complete ? row.version : null,
      asOf: row.as_of ? new Date(row.as_of) : null,
      reading: row.reading === true,
      everything: holdsEverything(scope, row.listed ?? []),
      unlisted,
    };
  });
}

/** A fund a view would miss: its read failed, or it was never read yet (status "pending"). */
export interface OrgMissing extends OrgFailure {
  pending: boolean;
}

/**
 * The funds in scope (or the one named by store key) a file made now would miss: failed first, then those not read
 * yet, in the funds lists' order, the first `limit` of them; and how many there are in all.
 */
export function orgMissing(
  input: { scope: StoreScope; fundKey?: string | null; limit?: number },
  store: StoreConnection = defaultConnection(),
): Promise<{ funds: OrgMissing[]; count: number }> {
  const params = new Params();
  const one = input.fundKey ? ` and f.fund_key = ${params.add(input.fundKey)}` : "";
  const text = `
    with missing as (select f.* from org_funds f where ${inScope(input.scope, params)}${one}
                     and f.status in ('failed', 'pending'))
    select (select count(*)::int from missing) as count,
      (select coalesce(json_agg(json_build_object('fingerprint', fingerprint, 'fundId', fund_id,
                 'name', coalesce(name, fund_id), 'status', coalesce(failure_status, 503),
                 'message', coalesce(failure_message, 'not read yet'), 'pending', status = 'pending')), '[]')
       from (select * from missing order by status = 'pending', fingerprint, ordinal
             limit ${params.add(input.limit ?? 100)}) x) as funds`;
  return store.use(async (_db, pool) => {
    const row = (await pool.query<{ count: number; funds: OrgMissing[] }>(text, params.values)).rows[0]!;
    return { funds: row.funds, count: row.count };
  });
}

/** Every fund in scope (listed now), in the funds lists' order: its store key, source's fingerprint and upstream id. */
export function scopeFunds(
  scope: StoreScope,
  store: StoreConnection = defaultConnection(),
): Promise<{ fundKey: string; fingerprint: string; fundId: string }[]> {
  const params = new Params();
  return store.use(
    async (_db, pool) =>
      (
        await pool.query(
          `select f.fund_key as "fundKey", f.fingerprint, f.fund_id as "fundId" from org_funds f
           where ${inScope(scope, params)} order by f.fingerprint, f.ordinal`,
          params.values,
        )
      ).rows,
  );
}
