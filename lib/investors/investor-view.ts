import type { Investor } from "../customer-api/schemas";
import { parseSort, serializeSort } from "../table/sort-state";
import type { SortState } from "../table/types";
import type { ViewOptions } from "../table/view";
import { investorColumns, investorTypeOf } from "./columns";

/** What the investor table shows: its sort, search and type filter, as kept in the query string. */
export interface InvestorView {
  sort: SortState | null;
  query: string;
  types: string[];
}

/** The type filter by its meaning: lower case, each type once, in a fixed order (so `b,a,a` is the view `a,b`). */
export function parseTypes(value: string | null | undefined): string[] {
  const types = (value ?? "")
    .split(",")
    .map((type) => type.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(types)].sort();
}

export function parseInvestorView(search: URLSearchParams): InvestorView {
  return {
    sort: parseSort(search.get("sort"), investorColumns),
    query: search.get("q") ?? "",
    types: parseTypes(search.get("type")),
  };
}

export function investorViewOptions(view: InvestorView): ViewOptions<Investor> {
  const types = new Set(view.types);
  return {
    query: view.query,
    sort: view.sort,
    predicate: types.size > 0 ? (investor) => types.has(investorTypeOf(investor)) : null,
  };
}

/** `?sort=…&q=…&type=…` for links that carry the view (investor page, breadcrumb back); "" when default. */
export function investorViewSearch(view: InvestorView): string {
  const params = new URLSearchParams();
  const sort = serializeSort(view.sort);
  if (sort) params.set("sort", sort);
  if (view.query) params.set("q", view.query);
  if (view.types.length > 0) params.set("type", view.types.join(","));
  const text = params.toString();
  return text ? `?${text}` : "";
}
