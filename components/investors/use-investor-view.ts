"use client";

import { parseAsArrayOf, parseAsString, useQueryState } from "nuqs";
import { useMemo } from "react";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { investorColumns, visibleInvestorColumnIds } from "@/lib/investors/columns";
import { type InvestorView, parseTypes } from "@/lib/investors/investor-view";

const listParser = parseAsArrayOf(parseAsString).withDefault([]);

/** The investor table's state in the query string: sort, q, type (filter) and cols (visible columns). */
export function useInvestorView() {
  const { sort, sorting, onSortingChange, query, setQuery } = useTableUrlState(investorColumns);
  const [typesParam, setTypes] = useQueryState("type", listParser.withOptions({ history: "push" }));
  const [colsParam, setCols] = useQueryState("cols", listParser.withOptions({ history: "replace" }));
  const types = useMemo(() => parseTypes(typesParam.join(",")), [typesParam]);
  const visibleIds = useMemo(() => visibleInvestorColumnIds(colsParam), [colsParam]);
  const view: InvestorView = useMemo(() => ({ sort, query, types }), [sort, query, types]);
  return { view, sorting, onSortingChange, setQuery, setTypes, visibleIds, setCols };
}
