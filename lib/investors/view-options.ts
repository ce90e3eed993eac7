import type { Investor } from "../customer-api/schemas";
import type { ViewOptions } from "../table/view";
import { investorTypeOf } from "./columns";
import type { InvestorView } from "./search-params";

/** The view as the shared view functions take it: its search, sort and the type filter as a predicate. */
export function investorViewOptions(view: InvestorView): ViewOptions<Investor> {
  const types = new Set(view.type);
  return {
    query: view.q,
    sort: view.sort,
    predicate: types.size > 0 ? (investor) => types.has(investorTypeOf(investor)) : null,
  };
}
