import "server-only";
import { randomUUID } from "node:crypto";
import { can } from "../../access/policy";
import { withinWriteLimit } from "../../auth/write-limit";
import { fundAccess } from "../../data/fund-access";
import { organizationScope } from "../../data/organization";
import type { Principal } from "../../data/principal";
import { checkedBody } from "../../http/checked-body";
import { BadField, BadRequest, Forbidden, NotFound } from "../../http/errors";
import { logLine } from "../../server/log";
import {
  changeView,
  countViews,
  defaultViewOf,
  deleteView,
  insertView,
  type ListedView,
  setDefaultView,
  viewInScope,
  viewsOn,
} from "../../store/server/team";
import { countOf } from "../../values/count";
import { type SavedView, viewBodySchema, viewChangeSchema, type ViewsList } from "../types";
import { canonicalQuery, tablePageOf } from "./pages";

// Saved views as people save, list and open them: a page and its query string, checked by the page's own parsers; a
// view naming a fund exists only for those who may see the fund (a view of a fund out of scope is an unknown one).

const ownEmail = (user: Principal) => user.email.toLowerCase();
const maxViews = 200;
const noSuchView = () => new NotFound("No such view.");

/** The page a view is of, when the person may open it: its canonical path and the fund its path names. */
async function openablePage(user: Principal, path: string) {
  const found = tablePageOf(path);
  if (!found)
    throw new BadField("page", "a table page: /funds, /funds/{fundId}, /investors, /outstanding, /changes, /audit");
  // A page the person may not open (the audit trail for a non-admin) has no views for them.
  if (!found.page.mayOpen(user)) throw new NotFound("No such page.");
  // A fund's table out of scope answers as the unknown fund's.
  const fund = found.fund ? await fundAccess(user, found.fund, "fund.read") : null;
  return { page: found.page, path: fund ? `/funds/${fund.ref}` : path, fund };
}

function savedView(user: Principal, row: ListedView): SavedView {
  const mine = row.owner === ownEmail(user);
  return {
    id: row.id,
    page: row.page,
    name: row.name,
    query: row.query,
    href: `${row.page}${row.query}`,
    shared: row.shared,
    owner: row.owner,
    ownerName: row.ownerName,
    mine,
    isDefault: row.isDefault,
    canDelete: (mine && can(user, "view.save", null)) || (row.shared && can(user, "view.remove-shared", null)),
  };
}

/** GET /api/views?page=: the views of a page the person may open there: their own and the shared ones, in scope. */
export async function listViews(user: Principal, path: string): Promise<ViewsList> {
  const { path: page } = await openablePage(user, path);
  const rows = await viewsOn({ page, person: ownEmail(user), scope: await organizationScope(user) });
  return { views: rows.map((row) => savedView(user, row)), canSave: can(user, "view.save", null) };
}

/** POST /api/views: a view of a page, its query as the page writes it; its id. */
export async function createView(user: Principal, body: unknown): Promise<{ id: string }> {
  const input = checkedBody(viewBodySchema, body);
  const { page, path, fund } = await openablePage(user, input.page);
  if (!can(user, "view.save", null)) throw new Forbidden("Your role does not allow saving views: viewers open them.");
  const { query, funds } = canonicalQuery(page, input.query);
  // Every fund it names must be the person's to see (404 as an unknown fund otherwise), kept by its store key.
  const named = await Promise.all(funds.map((ref) => fundAccess(user, ref, "fund.read")));
  const fundKeys = [...new Set([fund, ...named].flatMap((access) => (access ? [access.storeKey] : [])))];
  await withinWriteLimit(user);
  if ((await countViews(ownEmail(user))) >= maxViews)
    throw new BadRequest(`You have ${countOf(maxViews, "saved view")}, the most one person may have.`);
  const id = randomUUID();
  const now = new Date();
  await insertView({
    id,
    owner: ownEmail(user),
    ownerName: user.name ?? null,
    page: path,
    name: input.name.trim(),
    query,
    shared: input.shared,
    fundKeys,
    createdAt: now,
    updatedAt: now,
  });
  logLine("view_saved", {
    view: id,
    page: path.startsWith("/funds/") ? "/funds/[fundId]" : path,
    shared: input.shared,
  });
  return { id };
}

/** A view by id as the person may know it: in scope, and their own or shared; 404 otherwise, as for no view. */
async function knownView(user: Principal, id: string) {
  const scope = await organizationScope(user);
  const row = /^[0-9a-f-]{36}$/.test(id) ? await viewInScope(id, scope) : null;
  if (!row || (row.owner !== ownEmail(user) && !row.shared)) throw noSuchView();
  const found = tablePageOf(row.page);
  if (!found || !found.page.mayOpen(user)) throw noSuchView();
  return row;
}

/** PATCH /api/views/{id}: its owner renames or shares it; anyone it is listed to makes it their default or not. */
export async function changeViewOf(user: Principal, id: string, body: unknown): Promise<{ id: string }> {
  const input = checkedBody(viewChangeSchema, body);
  const row = await knownView(user, id);
  const renames = input.name !== undefined || input.shared !== undefined;
  if (renames && row.owner !== ownEmail(user)) throw new Forbidden("Only its owner renames or shares a view.");
  if (renames && !can(user, "view.save", null)) throw new Forbidden("Your role does not allow changing views.");
  if (input.default !== undefined && !can(user, "view.default", null))
    throw new Forbidden("Your role does not allow choosing a default view.");
  await withinWriteLimit(user);
  if (renames) await changeView(row.id, { name: input.name?.trim(), shared: input.shared, at: new Date() });
  if (input.default !== undefined) {
    // A view made private is its owner's alone: nobody else's default.
    if (input.default && !row.shared && row.owner !== ownEmail(user)) throw noSuchView();
    await setDefaultView(ownEmail(user), row.page, input.default ? row.id : null);
  }
  return { id: row.id };
}

/** DELETE /api/views/{id}: its owner deletes it; an admin deletes any shared one. */
export async function removeViewOf(user: Principal, id: string): Promise<void> {
  const row = await knownView(user, id);
  const mine = row.owner === ownEmail(user);
  if (!(mine && can(user, "view.save", null)) && !(row.shared && can(user, "view.remove-shared", null)))
    throw new Forbidden("Only its owner deletes a view; an admin deletes a shared one.");
  await withinWriteLimit(user);
  await deleteView(row.id);
  logLine("view_deleted", { view: row.id, byOwner: mine });
}

/**
 * Where a table page opened with no query string goes: the person's default view of it (its page and query), or null
 * to show the page as it is. A default no longer theirs to open (made private, its fund out of scope) is no default.
 */
export async function defaultViewHref(user: Principal, path: string): Promise<string | null> {
  const found = tablePageOf(path);
  if (!found || !found.page.mayOpen(user)) return null;
  const row = await defaultViewOf({ page: path, person: ownEmail(user), scope: await organizationScope(user) }).catch(
    () => null,
  );
  return row && row.query !== "" ? `${row.page}${row.query}` : null;
}
