import "server-only";
import type { StoreScope } from "../model";
import { type StoreConnection, defaultConnection } from "./connection";
import { counted, inScope, Params } from "./org-scope";

// The Overview's figures as SQL over the read model: the funds' own totals, the largest funds by commitments and by
// capital outstanding (the rest summed as Others), and what every counted fund's positions add up to.

export interface OverviewFund {
  fingerprint: string;
  fundId: string;
  name: string;
}

export interface OrgOverview {
  funds: number;
  target: string | null;
  commitments: string | null;
  contributed: string | null;
  received: string | null;
  /** The `bars` largest funds by commitments (a fund without a figure counts as 0), with their targets. */
  byCommitments: (OverviewFund & { commitments: string | null; target: string | null })[];
  /** The rest of the funds, summed. */
  otherCommitments: { count: number; commitments: string | null; target: string | null };
  /** Over every counted fund's positions. */
  unfunded: string | null;
  outstanding: string | null;
  overdue: string | null;
  /** The `bars` funds owing most, each overdue or not as a whole (its due date is the fund's). */
  byOutstanding: (OverviewFund & { outstanding: string; overdue: boolean })[];
  otherOutstanding: { count: number; overdue: string | null; notDue: string | null };
}

/** The Overview of the funds in scope, `today` (YYYY-MM-DD, UTC) telling overdue from not yet due. */
export function orgOverview(
  input: { scope: StoreScope; today: string; bars: number },
  store: StoreConnection = defaultConnection(),
): Promise<OrgOverview> {
  const params = new Params();
  const scoped = inScope(input.scope, params);
  const countedFunds = counted(input.scope, params);
  const today = `${params.add(input.today)}::date`;
  const bars = params.add(input.bars);
  const name = `coalesce(f.name, f.fund_id)`;
  const text = `
    with funds as (select f.* from org_funds f where ${scoped}),
    ranked as (select *, row_number() over (order by coalesce(total_commitments, 0) desc, fingerprint, ordinal) as at
               from funds),
    owing as (select f.*, coalesce(f.capital_due_day < ${today}, false) as late,
                     row_number() over (order by f.sum_outstanding desc, f.fingerprint, f.ordinal) as at
              from org_funds f where ${countedFunds} and f.sum_outstanding > 0)
    select (select count(*)::int from funds) as funds,
      (select sum(target_size)::text from funds) as target,
      (select sum(total_commitments)::text from funds) as commitments,
      (select sum(total_contributed)::text from funds) as contributed,
      (select sum(total_received)::text from funds) as received,
      (select coalesce(json_agg(json_build_object('fingerprint', f.fingerprint, 'fundId', f.fund_id, 'name', ${name},
                'commitments', f.total_commitments::text, 'target', f.target_size::text) order by f.at), '[]')
       from ranked f where f.at <= ${bars}) as by_commitments,
      (select json_build_object('count', count(*), 'commitments', sum(total_commitments)::text,
                                'target', sum(target_size)::text) from ranked where at > ${bars}) as other_commitments,
      (select sum(f.sum_unfunded)::text from org_funds f where ${countedFunds}) as unfunded,
      (select sum(sum_outstanding)::text from owing) as outstanding,
      (select coalesce(sum(sum_outstanding) filter (where late), 0)::text from owing) as overdue,
      (select coalesce(json_agg(json_build_object('fingerprint', f.fingerprint, 'fundId', f.fund_id, 'name', ${name},
                'outstanding', f.sum_outstanding::text, 'overdue', f.late) order by f.at), '[]')
       from owing f where f.at <= ${bars}) as by_outstanding,
      (select json_build_object('count', count(*),
                'overdue', coalesce(sum(sum_outstanding) filter (where late), 0)::text,
                'notDue', coalesce(sum(sum_outstanding) filter (where not late), 0)::text)
       from owing where at > ${bars}) as other_outstanding`;
  return store.use(async (_db, pool) => {
    const row = (await pool.query(text, params.values)).rows[0] as Record<string, unknown>;
    return {
      funds: row.funds as number,
      target: row.target as string | null,
      commitments: row.commitments as string | null,
      contributed: row.contributed as string | null,
      received: row.received as string | null,
      byCommitments: row.by_commitments as OrgOverview["byCommitments"],
      otherCommitments: row.other_commitments as OrgOverview["otherCommitments"],
      unfunded: row.unfunded as string | null,
      outstanding: (row.outstanding as string | null) ?? "0",
      overdue: row.overdue as string | null,
      byOutstanding: row.by_outstanding as OrgOverview["byOutstanding"],
      otherOutstanding: row.other_outstanding as OrgOverview["otherOutstanding"],
    };
  });
}

/** Each fund in scope as the Funds grid's reconciliation column needs it: its state and its positions' aggregates. */
export interface FundFacts {
  fingerprint: string;
  fundId: string;
  status: "pending" | "read" | "failed";
  figures: Record<string, string | null> | null;
  positions: number;
  sumCommitment: string | null;
  sumContributed: string | null;
  sumReceived: string | null;
  sumOwnership: string | null;
  ownershipCount: number;
  dueDiffers: { contribution: number; gross: number; investment: number } | null;
  unfundedDiffers: number;
}

/** Every fund in scope with the aggregates its reconciliation line is worked out from. */
export function fundFacts(scope: StoreScope, store: StoreConnection = defaultConnection()): Promise<FundFacts[]> {
  const params = new Params();
  return store.use(
    async (_db, pool) =>
      (
        await pool.query<FundFacts>(
          `select f.fingerprint, f.fund_id as "fundId", f.status, f.figures, f.positions,
             f.sum_commitment::text as "sumCommitment", f.sum_contributed::text as "sumContributed",
             f.sum_received::text as "sumReceived", f.sum_ownership::text as "sumOwnership",
             f.ownership_count as "ownershipCount", f.due_differs as "dueDiffers", f.unfunded_differs as "unfundedDiffers"
           from org_funds f where ${inScope(scope, params)} order by f.fingerprint, f.ordinal`,
          params.values,
        )
      ).rows,
  );
}

/** Each column's longest value over the counted funds in scope (text lengths; money: digits, places, a sign). */
export function scopeWidths(
  scope: StoreScope,
  owingOnly = false,
  store: StoreConnection = defaultConnection(),
): Promise<{ widths: Record<string, unknown>[]; fundName: number }> {
  const params = new Params();
  return store.use(async (_db, pool) => {
    const row = (
      await pool.query<{ widths: Record<string, unknown>[] | null; fund_name: number | null }>(
        `select json_agg(f.widths) filter (where f.widths is not null) as widths,
                max(char_length(coalesce(f.name, f.fund_id))) as fund_name
         from org_funds f where ${counted(scope, params)} ${owingOnly ? "and f.owing > 0" : ""}`,
        params.values,
      )
    ).rows[0]!;
    return { widths: row.widths ?? [], fundName: row.fund_name ?? 0 };
  });
}
