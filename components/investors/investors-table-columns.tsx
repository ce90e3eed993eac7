import type { ColumnDef } from "@tanstack/react-table";
import { createContext, useContext } from "react";
import type { DataTableFeatures } from "@/components/data-table/features";
import { specColumn } from "@/components/data-table/spec-column";
import { TableLink } from "@/components/data-table/table-link";
import type { Investor } from "@/lib/investors/types";
import { investorColumns, investorName } from "@/lib/investors/columns";

/** The table's view as `?sort=…`, carried by every investor link; a context so a new view keeps the columns. */
export const InvestorViewSearch = createContext("");

interface InvestorLinkProps {
  fundPath: string;
  investor: Investor;
}

function InvestorLink({ fundPath, investor }: InvestorLinkProps) {
  const viewSearch = useContext(InvestorViewSearch);
  return (
    <TableLink href={`${fundPath}/${encodeURIComponent(investor.id)}${viewSearch}`} text={investorName(investor)} />
  );
}

/** The investor table's columns, one per lib column spec; the name links to the investor page with the view kept. */
export function investorsTableColumns(fundId: string): ColumnDef<DataTableFeatures, Investor, unknown>[] {
  const fundPath = `/funds/${encodeURIComponent(fundId)}/investors`;
  return investorColumns.map((spec) =>
    spec.id === "name"
      ? specColumn(spec, { maxChars: 34, cell: (investor) => <InvestorLink fundPath={fundPath} investor={investor} /> })
      : specColumn(spec),
  );
}
