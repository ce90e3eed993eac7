import "server-only";
import type { PoolClient } from "pg";
import type { StoreScope } from "../model";
import { type StoreConnection, defaultConnection } from "./connection";
import type { Run } from "./keyset";
import { counted, Params } from "./org-scope";

// Where a scope's investors come from: the whole organization's directory (org_investors) when the scope holds every
// fund the model counts, else grouped from the scope's own positions by the same rules (model-groups.ts), in a
// temporary table of the request's transaction: a person is matched across the funds they may see, never others.

// An investor's details are those of their most recently invited position (the first in the lists' order of equals).
const latest = (column: string) =>
  `(array_agg(${column} order by invited desc nulls last, fingerprint, fund_ordinal, ordinal))[1]`;

/** The positions in scope, each with the investor key it is grouped under within the scope (`group_key`). */
export function scopedPositions(scope: StoreScope, params: Params, only = "true"): string {
  return `
    with sp as (
      select p.*, f.fingerprint, f.fund_id, f.ordinal as fund_ordinal, f.read_id, f.name as fund_name
      from org_positions p join org_funds f on f.id = p.fund where ${counted(scope, params)} and (${only})),
    taxes as (
      select email_key, count(distinct tax_key) as n, min(group_key) as tax_group from sp
      where tax_key is not null and email_key is not null group by email_key)
    select sp.*,
      case when sp.tax_key is not null or sp.email_key is null then sp.group_key
           when t.n = 1 then t.tax_group else sp.email_group end as scoped_key,
      case when sp.tax_key is not null or t.n = 1 then 'tax_id' when sp.email_key is null then 'none'
           else 'email' end as scoped_by
    from sp left join taxes t on sp.tax_key is null and t.email_key = sp.email_key`;
}

/** The investors of the positions (scopedPositions), as the directory's rows. */
export function investorsOf(positions: string): string {
  return `
    select scoped_key as key, min(scoped_by) as matched_by, ${latest("name")} as name,
      ${latest("name_sort")} as name_sort, ${latest("email")} as email, ${latest("email_key")} as email_key,
      ${latest("investor_type")} as investor_type, count(distinct fund)::int as funds,
      sum(commitment_amount) as commitment_amount, sum(contributed_amount) as contributed_amount,
      sum(unfunded_commitment_amount) as unfunded_commitment_amount, sum(life_distributions) as life_distributions,
      sum(net_asset_value) as net_asset_value, string_agg(distinct search, chr(31)) as search
    from (${positions}) g group by scoped_key`;
}

/**
 * Runs `work` with the scope's investors as the relation it names: org_investors for the whole organization, else
 * a temporary table of the scope's, made in the transaction `work` runs in.
 */
export async function withInvestors<T>(
  scope: StoreScope,
  everything: boolean,
  work: (relation: string, run: Run) => Promise<T>,
  store: StoreConnection = defaultConnection(),
): Promise<T> {
  if (everything)
    return store.use((_db, pool) =>
      work("org_investors", async (text, values) => (await pool.query(text, values)).rows),
    );
  return store.use(async (_db, pool) => {
    const client: PoolClient = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query("begin");
      const params = new Params();
      const made = investorsOf(scopedPositions(scope, params));
      await client.query(`create temporary table scoped_investors on commit drop as ${made}`, params.values);
      const value = await work("scoped_investors", async (text, values) => (await client.query(text, values)).rows);
      await client.query("commit");
      return value;
    } catch (error) {
      await client.query("rollback").catch((failed: Error) => (broken = failed));
      throw error;
    } finally {
      client.release(broken);
    }
  });
}
