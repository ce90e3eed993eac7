import type { Investor } from "../customer-api/schemas";
import type { ViewOptions } from "../table/view";
import { outstandingOf } from "../reconciliation/outstanding";
import { investorDiffers } from "../reconciliation/reconcile";
import { investorTypeOf } from "./columns";
import type { InvestorView } from "./search-params";

/**
 * The view as the shared view functions take it: its search and sort, and its filters (type, a reconciliation check
 * the investor differs on, capital outstanding) as one predicate; the check needs the fund's calculation method.
 */
export function investorViewOptions(
  view: InvestorView,
  calculationMethod: string | null | undefined,
  /** The ids changed since `view.changed`, worked out by lib/changes; without them that filter is not applied. */
  changedIds: ReadonlySet<string> | null = null,
): ViewOptions<Investor> {
  const types = new Set(view.type);
  const tests: ((investor: Investor) => boolean)[] = [];
  if (types.size > 0) tests.push((investor) => types.has(investorTypeOf(investor)));
  if (view.check) tests.push((investor) => investorDiffers(view.check!, calculationMethod, investor));
  if (view.changed && changedIds) tests.push((investor) => changedIds.has(investor.id));
  if (view.outstanding) tests.push((investor) => outstandingOf(investor) !== null);
  return {
    query: view.q,
    sort: view.sort,
    predicate: tests.length > 0 ? (investor) => tests.every((test) => test(investor)) : null,
  };
}
