import "server-only";
import {
  type InvestorAmount,
  investorAmounts,
  type InvestorSort,
  type OrgInvestorRow,
  type StoreScope,
  type StoreSort,
} from "../model";
import { produced } from "./channel";
import { type StoreConnection, defaultConnection } from "./connection";
import { type Cursor, decodeCursor, keysetPage, type Ordering, type Run } from "./keyset";
import { counted, Params } from "./org-scope";
import { withInvestors } from "./org-investors";

// The directory's views as SQL over a scope's investors (org-investors.ts): a page in any order by keyset, the count
// and exact totals of what a search and type filter keep, the type filter's counts, and every row for a file.

const text = (expr: string) => ({ expr, type: "text" as const });

/** A view's order: the sort column, then the investor's name, then the relation's own tie-break (a row id or key). */
function ordering(sort: StoreSort<InvestorSort> | null, relation: string): Ordering {
  const direction = sort?.direction ?? "asc";
  const tie = relation === "org_investors" ? { expr: "i.id", type: "bigint" as const } : text("i.key");
  const byName = [text("i.name_sort"), tie];
  switch (sort?.id ?? "name") {
    case "name":
      return { columns: byName, nullable: false, direction };
    case "investor_type":
      return { columns: [text("i.investor_type"), ...byName], nullable: false, direction };
    case "email":
      return { columns: [text("i.email_key"), tie], nullable: true, direction };
    case "funds":
      return { columns: [{ expr: "i.funds", type: "integer" }, ...byName], nullable: false, direction };
    default:
      return { columns: [{ expr: `i.${sort!.id}`, type: "numeric" }, tie], nullable: true, direction };
  }
}

/** What a view keeps: a search (by substring, any case) and investor types. */
export interface InvestorFilter {
  q: string;
  types: readonly string[];
}

/** The needle as searched: lower case, trimmed, without control characters (no kept text holds one). */
export function needleOf(q: string): string {
  return q
    .replace(/[\u0000-\u001f]/g, "")
    .trim()
    .toLowerCase();
}

/** A needle as LIKE matches it anywhere, its wildcards escaped; null for nothing to match. */
export function likeAnywhere(q: string): string | null {
  const needle = needleOf(q);
  return needle === "" ? null : `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterSql(filter: InvestorFilter, params: Params): string {
  const parts: string[] = [];
  const pattern = likeAnywhere(filter.q);
  if (pattern) parts.push(`i.search like ${params.add(pattern)}`);
  if (filter.types.length > 0) parts.push(`i.investor_type = any(${params.add(filter.types)}::text[])`);
  return parts.length > 0 ? parts.join(" and ") : "true";
}

const rowColumns = `i.key, i.name, i.email, i.investor_type, i.funds, ${investorAmounts.map((c) => `i.${c}::text`).join(", ")}`;

interface View {
  scope: StoreScope;
  /** The scope holds every fund the model counts (OrgState.everything). */
  everything: boolean;
  sort: StoreSort<InvestorSort> | null;
  filter: InvestorFilter;
}

function rowsOf(run: Run, relation: string, view: View, after: Cursor | null, offset: number, limit: number) {
  const params = new Params();
  const where = filterSql(view.filter, params);
  return keysetPage<OrgInvestorRow>({
    run,
    select: rowColumns,
    from: `${relation} i`,
    where,
    base: params,
    ordering: ordering(view.sort, relation),
    after,
    offset,
    limit,
  });
}

export interface InvestorPage {
  rows: OrgInvestorRow[];
  /** Where the next page starts; null at the end. */
  next: string | null;
  matched: number;
  total: number;
  totals: Record<InvestorAmount, string | null>;
  types: { value: string; count: number }[];
}

const fundSums: Record<InvestorAmount, string> = {
  commitment_amount: "sum_commitment",
  contributed_amount: "sum_contributed",
  unfunded_commitment_amount: "sum_unfunded",
  life_distributions: "sum_distributions",
  net_asset_value: "sum_nav",
};

/** The view's count and exact totals: over every counted fund's sums when nothing is filtered, else over its rows. */
async function countAndTotals(run: Run, relation: string, view: View, total: number) {
  const filtered = likeAnywhere(view.filter.q) !== null || view.filter.types.length > 0;
  const params = new Params();
  const sums =
    filtered || relation !== "org_investors"
      ? `select count(*)::int as n, ${investorAmounts.map((c) => `sum(i.${c})::text as ${c}`).join(", ")}
         from ${relation} i where ${filterSql(view.filter, params)}`
      : `select ${total}::int as n, ${investorAmounts.map((c) => `sum(f.${fundSums[c]})::text as ${c}`).join(", ")}
         from org_funds f where ${counted(view.scope, params)}`;
  const [row] = await run<Record<string, string | null> & { n: number }>(sums, params.values);
  const totals = Object.fromEntries(investorAmounts.map((c) => [c, row![c] ?? null])) as Record<
    InvestorAmount,
    string | null
  >;
  return { matched: Number(row!.n), totals };
}

async function typesOf(run: Run, relation: string) {
  const types = await run<{ value: string; count: number }>(
    relation === "org_investors"
      ? `select investor_type as value, count from org_investor_types where count > 0 order by investor_type`
      : `select investor_type as value, count(*)::int as count from ${relation} group by 1 order by 1`,
    [],
  );
  return types.map((type) => ({ value: type.value, count: Number(type.count) }));
}

/** Every investor type the whole organization's directory holds. */
export function organizationTypes(store: StoreConnection = defaultConnection()): Promise<string[]> {
  return store.use(async (_db, pool) =>
    (await pool.query<{ t: string }>("select investor_type as t from org_investor_types where count > 0")).rows.map(
      (row) => row.t,
    ),
  );
}

/** How many investors the scope's directory holds of each type. */
export function investorTypes(
  input: { scope: StoreScope; everything: boolean },
  store: StoreConnection = defaultConnection(),
): Promise<{ value: string; count: number }[]> {
  return withInvestors(input.scope, input.everything, (relation, run) => typesOf(run, relation), store);
}

/** A page of the scope's directory in a view, with the view's count and exact totals and the type counts. */
export function investorPage(
  input: View & { after: Cursor | null; offset: number; limit: number },
  store: StoreConnection = defaultConnection(),
): Promise<InvestorPage> {
  return withInvestors(
    input.scope,
    input.everything,
    async (relation, run) => {
      const page = await rowsOf(run, relation, input, input.after, input.offset, input.limit);
      const types = await typesOf(run, relation);
      const total = types.reduce((sum, type) => sum + type.count, 0);
      const counts = await countAndTotals(run, relation, input, total);
      return { ...page, ...counts, total, types };
    },
    store,
  );
}

/**
 * Every row of a view in its order, a batch at a time (a file): memory holds one batch whatever the view's size. A
 * scope's own directory is grouped once, in the transaction the batches are read in.
 */
export function investorBatches(
  view: View,
  batch = 2_000,
  store: StoreConnection = defaultConnection(),
): AsyncGenerator<OrgInvestorRow[]> {
  return produced<OrgInvestorRow[]>((emit) =>
    withInvestors(
      view.scope,
      view.everything,
      async (relation, run) => {
        let after: Cursor | null = null;
        for (;;) {
          const page = await rowsOf(run, relation, view, after, 0, batch);
          if (page.rows.length > 0) await emit(page.rows);
          if (!page.next) return;
          after = decodeCursor(page.next);
        }
      },
      store,
    ),
  );
}
