import "server-only";
import { sql } from "drizzle-orm";
import { decimalOrNull } from "../columns";
import type { ModelFund } from "../model";
import { toJson } from "../schema";
import type { StoreTx } from "./connection";

// The funds of the read model (org_funds): each source's funds list in its order, the state of each fund's investor
// list, and aggregates of its current positions. Each writer returns the funds whose positions began or stopped
// counting (listed and read), for the directory's groups to be made again.

/** The read model's id of each fund named (by store key), made when a fund has none yet. */
export async function fundIds(tx: StoreTx, fundKeys: readonly string[]): Promise<Map<string, number>> {
  if (fundKeys.length === 0) return new Map();
  const keys = sql.param([...new Set(fundKeys)]);
  await tx.execute(sql`
    insert into org_funds (fund_key, fingerprint, fund_id)
    select k, split_part(k, ':', 1), substr(k, strpos(k, ':') + 1) from unnest(${keys}::text[]) k
    on conflict (fund_key) do nothing`);
  const found = await tx.execute<{ id: number; fund_key: string }>(
    sql`select id, fund_key from org_funds where fund_key = any(${keys}::text[])`,
  );
  return new Map(found.rows.map((row) => [row.fund_key, Number(row.id)]));
}

const figureColumns = ["total_commitments", "total_contributed", "total_received", "target_size"] as const;

/**
 * A source's funds list: its funds listed in its order, with their names and figures; the source's funds it no
 * longer names unlisted. The funds whose positions began or stopped counting.
 */
export async function listFunds(tx: StoreTx, fingerprint: string, funds: readonly ModelFund[]): Promise<number[]> {
  const rows = funds.map((fund, ordinal) => ({
    fund_id: fund.fundId,
    ordinal,
    name: fund.name,
    name_sort: fund.nameSort,
    search: fund.search,
    organization: fund.organization,
    organization_key: fund.organization?.trim().toLowerCase() || null,
    figures: fund.figures,
    capital_due_day: fund.capitalDueDay,
    ...Object.fromEntries(figureColumns.map((key) => [key, decimalOrNull(fund.figures[key])])),
  }));
  const changed = await tx.execute<{ id: number }>(sql`
    with incoming as (
      select * from jsonb_to_recordset(${sql.param(toJson(rows))}::jsonb) as r(
        fund_id text, ordinal integer, name text, name_sort text, search text, organization text,
        organization_key text, figures jsonb, capital_due_day date, total_commitments numeric,
        total_contributed numeric, total_received numeric, target_size numeric)),
    old as (select id, listed and status = 'read' as counted from org_funds where fingerprint = ${fingerprint}),
    upserted as (
      insert into org_funds (fund_key, fingerprint, fund_id, listed, ordinal, name, name_sort, search, organization,
                             organization_key, figures, capital_due_day, total_commitments, total_contributed,
                             total_received, target_size)
      select ${fingerprint} || ':' || fund_id, ${fingerprint}, fund_id, true, ordinal, name, name_sort, search,
             organization, organization_key, figures, capital_due_day, total_commitments, total_contributed,
             total_received, target_size
      from incoming
      on conflict (fund_key) do update set listed = true, ordinal = excluded.ordinal, name = excluded.name,
        name_sort = excluded.name_sort, search = excluded.search, organization = excluded.organization,
        organization_key = excluded.organization_key, figures = excluded.figures,
        capital_due_day = excluded.capital_due_day, total_commitments = excluded.total_commitments,
        total_contributed = excluded.total_contributed, total_received = excluded.total_received,
        target_size = excluded.target_size
      returning id, status = 'read' as counted),
    unlisted as (
      update org_funds set listed = false
      where fingerprint = ${fingerprint} and listed and fund_id <> all(select fund_id from incoming)
      returning id, false as counted)
    select u.id from (select * from upserted union all select * from unlisted) u
    left join old o on o.id = u.id where coalesce(o.counted, false) <> u.counted`);
  return changed.rows.map((row) => Number(row.id));
}

/** Each fund's list read (its positions now those of `readId`); the funds whose positions began counting. */
export async function markRead(
  tx: StoreTx,
  reads: readonly { fund: number; readId: number; digest: string; readAt: Date }[],
): Promise<number[]> {
  if (reads.length === 0) return [];
  const rows = reads.map((read) => ({ ...read, readAt: read.readAt.toISOString() }));
  const changed = await tx.execute<{ id: number }>(sql`
    with incoming as (
      select * from jsonb_to_recordset(${sql.param(toJson(rows))}::jsonb)
        as r(fund integer, "readId" bigint, digest text, "readAt" timestamptz)),
    old as (select id, listed and status = 'read' as counted from org_funds where id in (select fund from incoming)),
    updated as (
      update org_funds f set status = 'read', read_id = i."readId", digest = i.digest,
        read_at = greatest(case when f.read_id = i."readId" then f.read_at end, i."readAt"), tried_at = i."readAt",
        failure_status = null, failure_message = null
      from incoming i where f.id = i.fund
      returning f.id, f.listed as counted)
    select u.id from updated u join old o on o.id = u.id where o.counted <> u.counted`);
  return changed.rows.map((row) => Number(row.id));
}

/** A fund's list read failed (a 404: the fund is gone, and unlisted); whether its positions stopped counting. */
export async function markFailed(
  tx: StoreTx,
  fund: number,
  failure: { status: number; message: string; at: Date },
): Promise<boolean> {
  const changed = await tx.execute<{ counted: boolean }>(sql`
    with old as (select id, listed and status = 'read' as counted from org_funds where id = ${fund})
    update org_funds f set status = 'failed', failure_status = ${failure.status},
      failure_message = ${failure.message}, tried_at = ${failure.at.toISOString()}::timestamptz,
      listed = f.listed and ${failure.status} <> 404
    from old where f.id = old.id
    returning old.counted`);
  return changed.rows[0]?.counted === true;
}

const money = [
  "commitment_amount",
  "contributed_amount",
  "unfunded_commitment_amount",
  "life_distributions",
  "net_asset_value",
  "total_capital_due",
  "total_received",
  "outstanding",
] as const;

// Per money column: its longest whole part in digits, its most decimal places, and whether any is negative.
const moneyWidths = money
  .map((c) => `'${c}', jsonb_build_array(max(length(trunc(abs(${c}))::text)), max(scale(${c})), bool_or(${c} < 0))`)
  .join(", ");

/** The funds' aggregates, worked out again from their current positions. */
export async function refreshFacts(tx: StoreTx, funds: readonly number[]): Promise<void> {
  if (funds.length === 0) return;
  await tx.execute(sql`
    update org_funds f set positions = s.positions, sum_commitment = s.sum_commitment,
      sum_contributed = s.sum_contributed, sum_unfunded = s.sum_unfunded, sum_distributions = s.sum_distributions,
      sum_nav = s.sum_nav, sum_received = s.sum_received, sum_ownership = s.sum_ownership,
      ownership_count = s.ownership_count, sum_outstanding = s.sum_outstanding, owing = s.owing,
      due_differs = s.due_differs, unfunded_differs = s.unfunded_differs, widths = s.widths
    from (
      select u.id, count(p.ordinal)::int as positions, sum(p.commitment_amount) as sum_commitment,
        sum(p.contributed_amount) as sum_contributed, sum(p.unfunded_commitment_amount) as sum_unfunded,
        sum(p.life_distributions) as sum_distributions, sum(p.net_asset_value) as sum_nav,
        sum(p.total_received) as sum_received, sum(p.ownership_percent) as sum_ownership,
        count(p.ownership_percent)::int as ownership_count, sum(p.outstanding) as sum_outstanding,
        count(p.outstanding)::int as owing,
        jsonb_build_object(
          'contribution', count(*) filter (where p.total_capital_due <> p.commitment_amount),
          'gross', count(*) filter (where p.total_capital_due <> p.commitment_amount + p.management_fee_amount),
          'investment', count(*) filter (where p.total_capital_due <>
            p.commitment_amount + p.management_fee_amount + p.expense_reserve_amount)) as due_differs,
        (count(*) filter (where p.unfunded_commitment_amount <>
           greatest(p.commitment_amount - p.contributed_amount, 0)))::int as unfunded_differs,
        jsonb_build_object('name', max(char_length(p.name)), 'email', max(char_length(p.email)),
          'investor_type', max(char_length(p.investor_type)), ${sql.raw(moneyWidths)}) as widths
      from unnest(${sql.param(funds)}::int[]) u(id) left join org_positions p on p.fund = u.id
      group by u.id) s
    where f.id = s.id`);
}
