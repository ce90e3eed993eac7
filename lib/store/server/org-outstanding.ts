import "server-only";
import type { FollowUpState, OrgOutstandingRow, OutstandingSort, StoreScope, StoreSort } from "../model";
import { produced } from "./channel";
import { type StoreConnection, defaultConnection } from "./connection";
import { type Cursor, decodeCursor, keysetPage, type Ordering, type Run, type SqlType, wholeOrder } from "./keyset";
import { counted, Params } from "./org-scope";

// Capital outstanding as SQL over the read model: every counted position in scope that still owes, overdue first and
// the largest first, or in any column's order; the count and exact total from each fund's own sums.

export interface OutstandingView {
  scope: StoreScope;
  sort: StoreSort<OutstandingSort> | null;
  /** One fund (by its store key), or every fund in scope. */
  fundKey: string | null;
  overdue: boolean;
  /** Today's UTC day (YYYY-MM-DD): what overdue is counted against. */
  today: string;
  /** The moment "paid since" counts from (ISO), and whether the view keeps positions that paid since or did not. */
  since: string;
  paid: "some" | "none" | null;
  /** Keep the positions whose next follow-up is in this state, or (none) those without a follow-up yet. */
  followUp: FollowUpState | "none" | null;
  /** Each row's next follow-up (its column); false only for the bench's figure without it. */
  followUps?: boolean;
}

/**
 * What a position paid since the moment: its total received now less what the fund's newest kept list at or before
 * then said (all of it for an investor added since); null before the fund's first kept list. A correlated subquery,
 * so a page sorted otherwise works it out for its own rows only (PostgreSQL projects it after the sort and limit).
 */
function paidSince(since: string): string {
  return `(select p.total_received - coalesce(
             (select h.total_received from positions h where h.read_id = b.id and h.investor_id = p.investor_id
              order by h.ordinal limit 1), 0)
           from (select r.id from reads r where r.kind = 'investors' and r.fund_id = f.fund_key and r.read_at <= ${since}
                 order by r.read_at desc, r.id desc limit 1) b)`;
}

const column = (expr: string, type: SqlType) => ({ expr, type });
const unique = [column("p.fund", "integer"), column("p.ordinal", "integer")];

function ordering(view: OutstandingView, at: Moments): Ordering {
  const sort = view.sort;
  // Overdue first, then the rest, each the largest first: two walks of the outstanding index, not one sort of every
  // position owing (345 ms at 100,000 positions, and growing with them).
  if (!sort)
    return {
      columns: [column("p.outstanding", "numeric"), ...unique],
      nullable: false,
      direction: "desc",
      parts: [`f.capital_due_day < ${at.today}`, `not coalesce(f.capital_due_day < ${at.today}, false)`],
    };
  const { direction } = sort;
  const byName = [column("p.name_sort", "text"), ...unique];
  switch (sort.id) {
    case "fund":
      return { columns: [column("f.name_sort", "text"), ...byName], nullable: false, direction };
    case "name":
      return { columns: byName, nullable: false, direction };
    case "email":
      return { columns: [column("p.email_key", "text"), ...unique], nullable: true, direction };
    case "capital_due_date":
      return { columns: [column("f.capital_due_day", "date"), ...unique], nullable: true, direction };
    case "paidSince":
      return { columns: [column(paidSince(at.since), "numeric"), ...unique], nullable: true, direction };
    case "followUp":
      return { columns: [column("x.due", "date"), ...unique], nullable: true, direction };
    case "daysOverdue":
      return {
        columns: [column(`greatest(0, ${at.today} - coalesce(f.capital_due_day, ${at.today}))`, "integer"), ...unique],
        nullable: false,
        direction,
      };
    default:
      return {
        columns: [column(`p.${sort.id}`, "numeric"), ...unique],
        nullable: sort.id !== "outstanding",
        direction,
      };
  }
}

function where(view: OutstandingView, params: Params, at: Moments): string {
  const parts = [counted(view.scope, params), "p.outstanding is not null"];
  if (view.paid === "some") parts.push(`${paidSince(at.since)} > 0`);
  if (view.paid === "none") parts.push(`coalesce(${paidSince(at.since)}, 0) <= 0`);
  if (view.fundKey !== null) parts.push(`f.fund_key = ${params.add(view.fundKey)}`);
  if (view.overdue) parts.push(`f.capital_due_day < ${at.today}`);
  if (view.followUp === "none") parts.push("x.state is null");
  else if (view.followUp !== null) parts.push(`x.state = ${params.add(view.followUp)}`);
  return parts.join(" and ");
}

/** Whether the view sorts or filters on the next follow-up: then each position is joined to its own (x). */
const byFollowUp = (view: OutstandingView) => view.followUp !== null || view.sort?.id === "followUp";

const fromOf = (view: OutstandingView) =>
  byFollowUp(view)
    ? `org_positions p join org_funds f on f.id = p.fund
       left join follow_up_next x on x.fund_key = f.fund_key and x.investor_id = p.investor_id`
    : "org_positions p join org_funds f on f.id = p.fund";

// A subquery, so PostgreSQL works it out for the page's rows only (after the sort and limit), by its primary key.
const followUpColumn = `(select json_build_object('assignee', n.assignee, 'assigneeName', n.assignee_name,
  'due', n.due::text, 'state', n.state) from follow_up_next n
  where n.fund_key = f.fund_key and n.investor_id = p.investor_id) as "followUp"`;

const rowColumns = (view: OutstandingView) => `f.fingerprint, f.fund_id as "fundId",
  coalesce(f.name, f.fund_id) as "fundName", p.investor_id as "investorId", p.name, p.email,
  p.total_capital_due::text, p.total_received::text, p.outstanding::text,
  f.figures ->> 'capital_due_date' as capital_due_date,
  ${view.followUps === false ? `null::json as "followUp"` : followUpColumn}`;

/** The view's today and since as parameters, each added only once a query uses it (an unused one has no type). */
function moments(view: OutstandingView, params: Params) {
  let today: string | undefined;
  let since: string | undefined;
  return {
    get today() {
      return (today ??= `${params.add(view.today)}::date`);
    },
    get since() {
      return (since ??= `${params.add(view.since)}::timestamptz`);
    },
  };
}
type Moments = ReturnType<typeof moments>;

function rowsOf(run: Run, view: OutstandingView, after: Cursor | null, offset: number, limit: number) {
  const params = new Params();
  const at = moments(view, params);
  const days = `greatest(0, ${at.today} - coalesce(f.capital_due_day, ${at.today}))::int as "daysOverdue"`;
  return keysetPage<OrgOutstandingRow>({
    run,
    select: `${rowColumns(view)}, ${days}, (${paidSince(at.since)})::text as "paidSince"`,
    from: fromOf(view),
    where: where(view, params, at),
    base: params,
    ordering: ordering(view, at),
    after,
    offset,
    limit,
  });
}

const runOn =
  (store: StoreConnection): Run =>
  (text, values) =>
    store.use(async (_db, pool) => (await pool.query(text, values)).rows);

export interface OutstandingPage {
  rows: OrgOutstandingRow[];
  next: string | null;
  /** Positions owing in scope, and those the view keeps. */
  total: number;
  matched: number;
  outstanding: string | null;
}

/** A page of capital outstanding, with the count and exact total of the view and of every position owing. */
export async function outstandingPage(
  view: OutstandingView & { after: Cursor | null; offset: number; limit: number },
  store: StoreConnection = defaultConnection(),
): Promise<OutstandingPage> {
  const run = runOn(store);
  const page = await rowsOf(run, view, view.after, view.offset, view.limit);
  const params = new Params();
  if (view.paid !== null || view.followUp !== null) {
    // Who paid since and a follow-up are a row's own: the view's count and total are its rows'.
    const at = moments(view, params);
    const [counts] = await run<{ total: number; matched: number; outstanding: string | null }>(
      `select (select coalesce(sum(f.owing), 0)::int from org_funds f where ${counted(view.scope, params)}) as total,
              count(*)::int as matched, sum(p.outstanding)::text as outstanding
       from ${fromOf(view)} where ${where(view, params, at)}`,
      params.values,
    );
    return { ...page, total: counts!.total, matched: counts!.matched, outstanding: counts!.outstanding };
  }
  const inView = [
    view.fundKey === null ? "true" : `f.fund_key = ${params.add(view.fundKey)}`,
    view.overdue ? `f.capital_due_day < ${params.add(view.today)}::date` : "true",
  ].join(" and ");
  const [sums] = await run<{ total: number; matched: number; outstanding: string | null }>(
    `select coalesce(sum(f.owing), 0)::int as total,
            coalesce(sum(f.owing) filter (where ${inView}), 0)::int as matched,
            (sum(f.sum_outstanding) filter (where ${inView}))::text as outstanding
     from org_funds f where ${counted(view.scope, params)}`,
    params.values,
  );
  return { ...page, total: sums!.total, matched: sums!.matched, outstanding: sums!.outstanding };
}

/** Every row of the view in its order, a batch at a time (a file): memory holds one batch whatever its size. */
export function outstandingBatches(
  view: OutstandingView,
  batch = 2_000,
  store: StoreConnection = defaultConnection(),
): AsyncGenerator<OrgOutstandingRow[]> {
  return produced<OrgOutstandingRow[]>(async (emit) => {
    const run = runOn(store);
    let after: Cursor | null = null;
    for (;;) {
      const page = await rowsOf(run, view, after, 0, batch);
      if (page.rows.length > 0) await emit(page.rows);
      if (!page.next) return;
      after = decodeCursor(page.next);
    }
  });
}

/** The distinct contact emails of every row of the view (compared without case), in its order. */
export async function outstandingEmails(
  view: OutstandingView,
  store: StoreConnection = defaultConnection(),
): Promise<string[]> {
  const params = new Params();
  const at = moments(view, params);
  const rows = await runOn(store)<{ email: string }>(
    `select email from (
       select distinct on (email_key) email, rn from (
         select p.email, p.email_key, row_number() over (order by ${wholeOrder(ordering(view, at))}) as rn
         from ${fromOf(view)}
         where ${where(view, params, at)} and p.email_key is not null) x
       order by email_key, rn) y
     order by rn`,
    params.values,
  );
  return rows.map((row) => row.email);
}

/** The funds in scope with positions owing, and how many owe, by name. */
export async function outstandingFunds(
  scope: StoreScope,
  store: StoreConnection = defaultConnection(),
): Promise<{ fingerprint: string; fundId: string; name: string; count: number }[]> {
  const params = new Params();
  return runOn(store)(
    `select f.fingerprint, f.fund_id as "fundId", coalesce(f.name, f.fund_id) as name, f.owing as count
     from org_funds f where ${counted(scope, params)} and f.owing > 0 order by f.name_sort, f.id`,
    params.values,
  );
}
