import "server-only";
import type { StoreScope } from "../model";
import { dateOf, type Row, rowsOf, textOf } from "./alerts-sql";
import { type StoreConnection, defaultConnection } from "./connection";
import { inScope, Params } from "./org-scope";

// Saved views of the table pages (issue 45): a page and its query string, private or shared, and each person's default
// of a page. A view naming a fund exists only for someone whose scope holds every fund it names.

export interface ViewRow {
  id: string;
  owner: string;
  ownerName: string | null;
  page: string;
  name: string;
  query: string;
  shared: boolean;
  fundKeys: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** A view as a person sees it: and whether it is their default for its page. */
export interface ListedView extends ViewRow {
  isDefault: boolean;
}

function viewOf(row: Row): ViewRow {
  return {
    id: String(row.id),
    owner: String(row.owner),
    ownerName: textOf(row.owner_name),
    page: String(row.page),
    name: String(row.name),
    query: String(row.query),
    shared: row.shared === true,
    fundKeys: (row.fund_keys as string[] | null) ?? [],
    createdAt: dateOf(row.created_at)!,
    updatedAt: dateOf(row.updated_at)!,
  };
}

/** The view names only funds the scope holds (a view naming none: every scope). */
function fundsInScope(scope: StoreScope, params: Params): string {
  return `not exists (select 1 from unnest(v.fund_keys) k(key)
    where not exists (select 1 from org_funds f where f.fund_key = k.key and ${inScope(scope, params)}))`;
}

export async function insertView(view: ViewRow, store: StoreConnection = defaultConnection()): Promise<void> {
  await store.use((db) =>
    rowsOf(
      db,
      `insert into saved_views (id, owner, owner_name, page, name, query, shared, fund_keys, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8::text[], $9, $9)`,
      [
        view.id,
        view.owner,
        view.ownerName,
        view.page,
        view.name,
        view.query,
        view.shared,
        view.fundKeys,
        view.createdAt.toISOString(),
      ],
    ),
  );
}

/** How many views a person owns (a cap keeps one script from filling the store). */
export async function countViews(owner: string, store: StoreConnection = defaultConnection()): Promise<number> {
  const [row] = await store.use((db) =>
    rowsOf(db, "select count(*)::int as count from saved_views where owner = $1", [owner]),
  );
  return Number(row?.count ?? 0);
}

/** A view by id, when the scope holds every fund it names; null otherwise, as for an id that does not exist. */
export async function viewInScope(
  id: string,
  scope: StoreScope,
  store: StoreConnection = defaultConnection(),
): Promise<ViewRow | null> {
  const params = new Params();
  const at = params.add(id);
  const [row] = await store.use((db) =>
    rowsOf(db, `select * from saved_views v where v.id = ${at} and ${fundsInScope(scope, params)}`, params.values),
  );
  return row ? viewOf(row) : null;
}

/** The views of a page a person may open: their own and the shared ones, in scope; shared first by name, then theirs. */
export async function viewsOn(
  input: { page: string; person: string; scope: StoreScope },
  store: StoreConnection = defaultConnection(),
): Promise<ListedView[]> {
  const params = new Params();
  const page = params.add(input.page);
  const person = params.add(input.person);
  const rows = await store.use((db) =>
    rowsOf(
      db,
      `select v.*, d.view_id is not null as is_default from saved_views v
       left join view_defaults d on d.person = ${person} and d.page = v.page and d.view_id = v.id
       where v.page = ${page} and (v.owner = ${person} or v.shared) and ${fundsInScope(input.scope, params)}
       order by lower(v.name), v.created_at, v.id`,
      params.values,
    ),
  );
  return rows.map((row) => ({ ...viewOf(row), isDefault: row.is_default === true }));
}

/** Renames a view, or shares it or makes it private. */
export async function changeView(
  id: string,
  change: { name?: string; shared?: boolean; at: Date },
  store: StoreConnection = defaultConnection(),
): Promise<void> {
  await store.use((db) =>
    rowsOf(
      db,
      `update saved_views set name = coalesce($2, name), shared = coalesce($3, shared), updated_at = $4 where id = $1`,
      [id, change.name ?? null, change.shared ?? null, change.at.toISOString()],
    ),
  );
  // A view made private is nobody else's default any more.
  if (change.shared === false)
    await store.use((db) =>
      rowsOf(
        db,
        `delete from view_defaults d using saved_views v where d.view_id = v.id and v.id = $1 and d.person <> v.owner`,
        [id],
      ),
    );
}

/** Deletes a view (and every default it was). */
export async function deleteView(id: string, store: StoreConnection = defaultConnection()): Promise<void> {
  await store.use((db) => rowsOf(db, "delete from saved_views where id = $1", [id]));
}

/** Makes a view a person's default for its page, or (null) leaves the page without one. */
export async function setDefaultView(
  person: string,
  page: string,
  viewId: string | null,
  store: StoreConnection = defaultConnection(),
): Promise<void> {
  await store.use((db) =>
    viewId === null
      ? rowsOf(db, "delete from view_defaults where person = $1 and page = $2", [person, page])
      : rowsOf(
          db,
          `insert into view_defaults (person, page, view_id) values ($1, $2, $3)
           on conflict (person, page) do update set view_id = excluded.view_id`,
          [person, page, viewId],
        ),
  );
}

/** A person's default view of a page, when it is still theirs to open (their own or shared, in scope). */
export async function defaultViewOf(
  input: { page: string; person: string; scope: StoreScope },
  store: StoreConnection = defaultConnection(),
): Promise<ViewRow | null> {
  const params = new Params();
  const person = params.add(input.person);
  const page = params.add(input.page);
  const [row] = await store.use((db) =>
    rowsOf(
      db,
      `select v.* from view_defaults d join saved_views v on v.id = d.view_id
       where d.person = ${person} and d.page = ${page} and (v.owner = ${person} or v.shared)
         and ${fundsInScope(input.scope, params)}`,
      params.values,
    ),
  );
  return row ? viewOf(row) : null;
}
