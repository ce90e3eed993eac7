import "server-only";
import type { OrgOutstandingRow, OutstandingSort, StoreScope, StoreSort } from "../model";
import { produced } from "./channel";
import { type StoreConnection, defaultConnection } from "./connection";
import { type Cursor, decodeCursor, keysetPage, type Ordering, type Run, type SqlType } from "./keyset";
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
}

const column = (expr: string, type: SqlType) => ({ expr, type });
const unique = [column("p.fund", "integer"), column("p.ordinal", "integer")];

function ordering(view: OutstandingView, today: string): Ordering {
  const sort = view.sort;
  if (!sort)
    return {
      columns: [
        column(`coalesce(f.capital_due_day < ${today}, false)`, "boolean"),
        column("p.outstanding", "numeric"),
        ...unique,
      ],
      nullable: false,
      direction: "desc",
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
    case "daysOverdue":
      return {
        columns: [column(`greatest(0, ${today} - coalesce(f.capital_due_day, ${today}))`, "integer"), ...unique],
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

function where(view: OutstandingView, params: Params, today: string): string {
  const parts = [counted(view.scope, params), "p.outstanding is not null"];
  if (view.fundKey !== null) parts.push(`f.fund_key = ${params.add(view.fundKey)}`);
  if (view.overdue) parts.push(`f.capital_due_day < ${today}`);
  return parts.join(" and ");
}

const rowColumns = `f.fingerprint, f.fund_id as "fundId", coalesce(f.name, f.fund_id) as "fundName",
  p.investor_id as "investorId", p.name, p.email, p.total_capital_due::text, p.total_received::text,
  p.outstanding::text, f.figures ->> 'capital_due_date' as capital_due_date`;

function rowsOf(run: Run, view: OutstandingView, after: Cursor | null, offset: number, limit: number) {
  const params = new Params();
  const today = `${params.add(view.today)}::date`;
  const days = `greatest(0, ${today} - coalesce(f.capital_due_day, ${today}))::int as "daysOverdue"`;
  return keysetPage<OrgOutstandingRow>({
    run,
    select: `${rowColumns}, ${days}`,
    from: "org_positions p join org_funds f on f.id = p.fund",
    where: where(view, params, today),
    base: params,
    ordering: ordering(view, today),
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
  const today = `${params.add(view.today)}::date`;
  const order = ordering(view, today);
  const orderBy = order.columns.map((c) => `${c.expr} ${order.direction}`).join(", ");
  const nulls = order.nullable ? `${order.columns[0]!.expr} is null, ` : "";
  const rows = await runOn(store)<{ email: string }>(
    `select email from (
       select distinct on (email_key) email, rn from (
         select p.email, p.email_key, row_number() over (order by ${nulls}${orderBy}) as rn
         from org_positions p join org_funds f on f.id = p.fund
         where ${where(view, params, today)} and p.email_key is not null) x
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
