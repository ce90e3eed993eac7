"use client";

import { parseAsArrayOf, parseAsString, useQueryState } from "nuqs";
import { useMemo } from "react";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { defaultInvestorColumnIds, investorColumns } from "@/lib/investors/investor-columns";
import type { InvestorView } from "@/lib/investors/investor-view";

const listParser = parseAsArrayOf(parseAsString).withDefault([]);

/** The investor table's state in the query string: sort, q, type (filter) and cols (visible columns). */
export function useInvestorView() {
  const { sort, sorting, onSortingChange, query, setQuery } = useTableUrlState(investorColumns);
  const [typesParam, setTypes] = useQueryState("type", listParser.withOptions({ history: "push" }));
  const [colsParam, setCols] = useQueryState("cols", listParser.withOptions({ history: "replace" }));
  const types = useMemo(() => typesParam.map((type) => type.toLowerCase()).filter(Boolean), [typesParam]);
  const visibleIds = useMemo(() => {
    const known = colsParam.filter((id) => investorColumns.some((column) => column.id === id));
    return known.length > 0 ? known : defaultInvestorColumnIds;
  }, [colsParam]);
  const view: InvestorView = useMemo(() => ({ sort, query, types }), [sort, query, types]);
  return { view, sorting, onSortingChange, setQuery, setTypes, visibleIds, setCols };
}
