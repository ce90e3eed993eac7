import "server-only";
import { type StoreConnection, defaultConnection } from "./connection";

/** The organization's total contributed at the end of one UTC day (an exact decimal string). */
export interface ContributedDay {
  /** YYYY-MM-DD, UTC. */
  day: string;
  total: string;
}

// Every day from the first kept figure (at most `days` back) to today: each fund's newest total_contributed read by
// the end of that day (a fund's own record or the record read with its list), carried forward, summed as numeric.
const perDay = `
  select to_char(d.day, 'YYYY-MM-DD') as day, sum(last.total_contributed)::text as total
  from generate_series(
         greatest((select min((read_at at time zone 'UTC')::date) from reads
                   where kind in ('fund', 'investors') and total_contributed is not null
                     and fund_id = any($2::text[])),
                  (now() at time zone 'UTC')::date - $1::int),
         (now() at time zone 'UTC')::date,
         interval '1 day') as d(day)
  cross join lateral (
    select distinct on (fund_id) total_contributed from reads
    where kind in ('fund', 'investors') and total_contributed is not null and fund_id = any($2::text[])
      and read_at < ((d.day::date + 1)::timestamp at time zone 'UTC')
    order by fund_id, read_at desc, id desc
  ) last
  group by d.day
  order by d.day`;

/** The named funds' (by store key) total contributed per day over the kept reads, oldest first; [] before any. */
export function contributedByDay(
  fundKeys: readonly string[],
  days = 365,
  store: StoreConnection = defaultConnection(),
): Promise<ContributedDay[]> {
  return store.use(async (_db, pool) => (await pool.query<ContributedDay>(perDay, [days, fundKeys])).rows);
}
