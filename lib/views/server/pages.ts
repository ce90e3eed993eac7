import "server-only";
import { createSerializer, type ParserMap } from "nuqs/server";
import { hasRole } from "../../access/policy";
import { auditViewParsers, auditViewSearch } from "../../audit/search-params";
import { changesViewParsers, changesViewSearch } from "../../changes/search-params";
import type { Principal } from "../../data/principal";
import { directoryViewParsers, directoryViewSearch } from "../../directory/search-params";
import { fundViewParsers } from "../../funds/search-params";
import { BadField } from "../../http/errors";
import { loadQuery } from "../../http/query";
import { investorTableParsers, investorTableSearch, type InvestorTableState } from "../../investors/search-params";
import { outstandingViewParsers, outstandingViewSearch } from "../../outstanding/search-params";
import { isFundRef } from "../../values/fund-ref";

// The table pages a view may be saved of, each read and written by its own search-params.ts (the one parser and writer
// of its URL): a view's query is checked by the page's parsers and kept as the page writes it.

interface TablePage {
  /** The page's path as views name it: "/outstanding", or "/funds/[fundId]" for each fund's investor table. */
  path: string;
  parsers: ParserMap;
  write: (view: Record<string, unknown>) => string;
  /** The funds its view names (refs), beside a fund in its path. */
  funds: (view: Record<string, unknown>) => string[];
  /** Who may open it at all (the audit trail: admins only). */
  mayOpen: (user: Principal) => boolean;
}

const anyone = () => true;
const none = () => [];
const fundOf = (view: Record<string, unknown>) =>
  typeof view.fund === "string" && isFundRef(view.fund) ? [view.fund] : [];
const serializeFunds = createSerializer(fundViewParsers, { clearOnDefault: true });

const pages: TablePage[] = [
  { path: "/funds", parsers: fundViewParsers, write: (view) => serializeFunds(view), funds: none, mayOpen: anyone },
  {
    path: "/funds/[fundId]",
    parsers: investorTableParsers,
    write: (view) => investorTableSearch(view as InvestorTableState),
    funds: none,
    mayOpen: anyone,
  },
  {
    path: "/investors",
    parsers: directoryViewParsers,
    write: (view) => directoryViewSearch(view as never),
    funds: none,
    mayOpen: anyone,
  },
  {
    path: "/outstanding",
    parsers: outstandingViewParsers,
    write: (view) => outstandingViewSearch(view),
    funds: fundOf,
    mayOpen: anyone,
  },
  {
    path: "/changes",
    parsers: changesViewParsers,
    write: (view) => changesViewSearch(view as never),
    funds: fundOf,
    mayOpen: anyone,
  },
  {
    path: "/audit",
    parsers: auditViewParsers,
    write: (view) => auditViewSearch(view as never),
    funds: fundOf,
    mayOpen: (user) => hasRole(user, "admin"),
  },
];

export const tablePagePaths = pages.map((page) => page.path);

/** A page a view may be saved of, from its path: the table page, and the fund its path names (a fund's table). */
export function tablePageOf(path: string): { page: TablePage; fund: string | null } | null {
  const fund = /^\/funds\/([^/?#]+)$/.exec(path)?.[1];
  if (fund !== undefined) return isFundRef(fund) ? { page: pages[1]!, fund } : null;
  const page = pages.find((candidate) => candidate.path === path && !candidate.path.includes("["));
  return page ? { page, fund: null } : null;
}

/** A view's query as its page writes it ("" or "?…"), with the funds it names; a 400 naming what the page refuses. */
export function canonicalQuery(page: TablePage, query: string): { query: string; funds: string[] } {
  const search = query === "" || query === "?" ? "" : query.startsWith("?") ? query : `?${query}`;
  let view: Record<string, unknown>;
  try {
    view = loadQuery(page.parsers, new Request(`http://views.invalid/${search}`));
  } catch (error) {
    throw new BadField("query", (error as Error).message);
  }
  const written = page.write(view);
  return { query: written === "" ? "" : written.startsWith("?") ? written : `?${written}`, funds: page.funds(view) };
}
