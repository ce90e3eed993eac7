import "server-only";
import { sql } from "drizzle-orm";
import type { StoreTx } from "./connection";

// The directory of the whole organization (org_investors), kept true as positions come and go: only the investors
// the changed funds' positions belong to, before and after, are made again. Matching (lib/directory's rules): the
// same tax id is one investor; a position without a tax id joins the one investor its email's positions with a tax
// id belong to, when exactly one; else it groups with that email's other positions without one; with neither it
// stands alone. Only positions of listed funds whose list was read count.

/** A fund's positions count in the views: its source lists it and its last read did not fail. */
export const eligible = `f.listed and f.status = 'read'`;

export interface GroupsBefore {
  groups: string[];
  emails: string[];
}

const listOf = (value: unknown) =>
  (Array.isArray(value) ? (value as (string | null)[]) : []).filter(Boolean) as string[];

// Two transactions making the same investors again at once (a batch of lists beside a funds list, or two instances)
// would each miss the rows the other has not committed and insert an investor twice (a unique violation that cost a
// batch its writes): changes to the model take turns, from their first read of it to their commit.
async function modelTurn(tx: StoreTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('fund-explorer.read-model'))`);
}

/** What the funds' positions belonged to before a change: the investors to make again after it. */
export async function groupsBefore(tx: StoreTx, funds: readonly number[]): Promise<GroupsBefore> {
  if (funds.length === 0) return { groups: [], emails: [] };
  await modelTurn(tx);
  const found = await tx.execute<{ groups: string[] | null; emails: string[] | null }>(sql`
    select array_agg(distinct group_key) as groups, array_agg(distinct email_key) as emails
    from org_positions where fund = any(${sql.param(funds)}::int[])`);
  return { groups: listOf(found.rows[0]?.groups), emails: listOf(found.rows[0]?.emails) };
}

/**
 * After the funds' positions (or their eligibility) changed: the positions without a tax id of every email they
 * touch are grouped again, and every investor touched before or after is made again, with the type counts.
 */
export async function regroup(tx: StoreTx, funds: readonly number[], before: GroupsBefore): Promise<void> {
  if (funds.length === 0 && before.groups.length === 0) return;
  await modelTurn(tx);
  const ids = sql.param(funds);
  const now = await tx.execute<{ groups: string[] | null; emails: string[] | null }>(sql`
    select array_agg(distinct group_key) as groups, array_agg(distinct email_key) as emails
    from org_positions where fund = any(${ids}::int[])`);
  const emails = [...new Set([...before.emails, ...listOf(now.rows[0]?.emails)])];
  const moved = emails.length === 0 ? [] : await groupByEmail(tx, emails);
  const groups = new Set([...before.groups, ...listOf(now.rows[0]?.groups), ...moved]);
  await remake(tx, [...groups]);
}

/**
 * Groups the positions without a tax id of these emails (only emails some such position has matter: a tax id's
 * position is grouped by it alone); the investor keys they left and joined.
 */
async function groupByEmail(tx: StoreTx, emails: readonly string[]): Promise<string[]> {
  const list = sql.param(emails);
  const left = await tx.execute<{ group_key: string; email_key: string }>(sql`
    select distinct group_key, email_key from org_positions where tax_key is null and email_key = any(${list}::text[])`);
  if (left.rows.length === 0) return [];
  const untaxed = sql.param([...new Set(left.rows.map((row) => row.email_key))]);
  const moved = await tx.execute<{ group_key: string }>(sql`
    with taxes as (
      select p.email_key, count(distinct p.tax_key) as n, min(p.group_key) as tax_group
      from org_positions p join org_funds f on f.id = p.fund
      where ${sql.raw(eligible)} and p.email_key = any(${untaxed}::text[]) and p.tax_key is not null
      group by p.email_key),
    grouped as (
      select q.fund, q.ordinal, case when t.n = 1 then t.tax_group else q.email_group end as group_key
      from org_positions q left join taxes t on t.email_key = q.email_key
      where q.tax_key is null and q.email_key = any(${untaxed}::text[]))
    update org_positions p set group_key = g.group_key
    from grouped g where p.fund = g.fund and p.ordinal = g.ordinal and p.group_key is distinct from g.group_key
    returning p.group_key`);
  return [...left.rows, ...moved.rows].map((row) => row.group_key);
}

// How a position is grouped: by its tax id (its own, or the one its email's positions have), its email, or not at all.
export const matchedBy = `case when p.tax_key is not null then 'tax_id' when p.email_key is null then 'none'
  when p.group_key = p.email_group then 'email' else 'tax_id' end`;

// An investor's details are those of their most recently invited position (the first in the lists' order of equals).
const latest = (column: string) =>
  `(array_agg(p.${column} order by p.invited desc nulls last, f.fingerprint, f.ordinal, p.ordinal))[1]`;

/** Makes these investors again from their eligible positions (an investor with none is gone), and the type counts. */
export async function remake(tx: StoreTx, groups: readonly string[]): Promise<void> {
  if (groups.length === 0) return;
  const keys = sql.param(groups);
  await tx.execute(sql`
    with gone as (delete from org_investors where key = any(${keys}::text[]) returning investor_type)
    insert into org_investor_types as t (investor_type, count)
    select investor_type, -count(*) from gone group by investor_type
    on conflict (investor_type) do update set count = t.count + excluded.count`);
  await tx.execute(sql`
    with made as (
      insert into org_investors (key, matched_by, name, name_sort, email, email_key, investor_type, funds,
                                 commitment_amount, contributed_amount, unfunded_commitment_amount,
                                 life_distributions, net_asset_value, search)
      select p.group_key, min(${sql.raw(matchedBy)}), ${sql.raw(latest("name"))}, ${sql.raw(latest("name_sort"))},
             ${sql.raw(latest("email"))}, ${sql.raw(latest("email_key"))}, ${sql.raw(latest("investor_type"))},
             count(distinct p.fund), sum(p.commitment_amount), sum(p.contributed_amount),
             sum(p.unfunded_commitment_amount), sum(p.life_distributions), sum(p.net_asset_value),
             string_agg(distinct p.search, chr(31))
      from org_positions p join org_funds f on f.id = p.fund
      where ${sql.raw(eligible)} and p.group_key = any(${keys}::text[])
      group by p.group_key
      returning investor_type)
    insert into org_investor_types as t (investor_type, count)
    select investor_type, count(*) from made group by investor_type
    on conflict (investor_type) do update set count = t.count + excluded.count`);
  await tx.execute(sql`delete from org_investor_types where count <= 0`);
}
