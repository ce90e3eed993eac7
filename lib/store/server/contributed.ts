import "server-only";
import type { StoreScope } from "../model";
import { type StoreConnection, defaultConnection } from "./connection";
import { inScope, Params } from "./org-scope";

/** The organization's total contributed at the end of one UTC day (an exact decimal string). */
export interface ContributedDay {
  /** YYYY-MM-DD, UTC. */
  day: string;
  total: string;
}

// Every day from the first kept figure (at most `days` back) to today: each fund's newest total_contributed read by
// the end of that day (a fund's own record or the record read with its list), carried forward, summed as numeric.
const perDay = (days: string, keys: string) => `
  with keys as (select array_agg(fund_key) as keys from (${keys}) k)
  select to_char(d.day, 'YYYY-MM-DD') as day, sum(last.total_contributed)::text as total
  from generate_series(
         greatest((select min((read_at at time zone 'UTC')::date) from reads
                   where kind in ('fund', 'investors') and total_contributed is not null
                     and fund_id = any((select keys from keys)::text[])),
                  (now() at time zone 'UTC')::date - ${days}::int),
         (now() at time zone 'UTC')::date,
         interval '1 day') as d(day)
  cross join lateral (
    select distinct on (fund_id) total_contributed from reads
    where kind in ('fund', 'investors') and total_contributed is not null and fund_id = any((select keys from keys)::text[])
      and read_at < ((d.day::date + 1)::timestamp at time zone 'UTC')
    order by fund_id, read_at desc, id desc
  ) last
  group by d.day
  order by d.day`;

/** The total contributed per day of the funds in scope (listed now) over the kept reads, oldest first; [] before any. */
export function contributedByDay(
  scope: StoreScope,
  days = 365,
  store: StoreConnection = defaultConnection(),
): Promise<ContributedDay[]> {
  const params = new Params();
  const text = perDay(params.add(days), `select f.fund_key from org_funds f where ${inScope(scope, params)}`);
  return store.use(async (_db, pool) => (await pool.query<ContributedDay>(text, params.values)).rows);
}
