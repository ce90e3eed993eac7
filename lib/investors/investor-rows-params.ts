import { flag, queryParamsOf, querySchema, text, wholeNumber } from "../http/query";
import { parseSort } from "../table/sort-state";
import { investorColumns, visibleInvestorColumnIds } from "./columns";
import { type InvestorView, parseTypes } from "./investor-view";

const viewShape = {
  sort: text(200).refine(
    (value) => value === undefined || parseSort(value, investorColumns) !== null,
    "must be an investor column id followed by .asc or .desc",
  ),
  q: text(500),
  type: text(500),
};

const rowsSchema = querySchema({
  ...viewShape,
  offset: wholeNumber(0, 10_000_000, 0),
  limit: wholeNumber(1, 500, 100),
  /** The columns on screen, whose longest values size them. */
  cols: text(4_000),
  /** The list a later page must come from, as the first page gave it. */
  version: wholeNumber(1, Number.MAX_SAFE_INTEGER),
  refresh: flag,
});
const viewSchema = querySchema(viewShape);

export const investorRowsQuery = Object.keys(rowsSchema.shape);
export const investorViewQuery = Object.keys(viewSchema.shape);

function viewOf(params: { sort?: string; q?: string; type?: string }): InvestorView {
  return { sort: parseSort(params.sort, investorColumns), query: params.q ?? "", types: parseTypes(params.type) };
}

/** The query of the table's page requests, checked: anything odd is a 400 before any upstream call. */
export function investorRowsParamsOf(request: Request) {
  const params = queryParamsOf(rowsSchema, request);
  return {
    view: viewOf(params),
    offset: params.offset!,
    limit: params.limit!,
    sized: visibleInvestorColumnIds(params.cols?.split(",") ?? []),
    version: params.version,
    refresh: params.refresh,
  };
}

/** Just the view (sort, search, type filter), for routes that answer about a view. */
export function investorViewParamsOf(request: Request): InvestorView {
  return viewOf(queryParamsOf(viewSchema, request));
}
