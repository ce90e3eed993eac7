import type { ColumnDef } from "@tanstack/react-table";
import { createContext, useContext } from "react";
import type { DataTableFeatures } from "@/components/data-table/features";
import { specColumn } from "@/components/data-table/spec-column";
import { TableLink } from "@/components/data-table/table-link";
import { FollowUpBadge } from "@/components/notes/follow-up-badge";
import type { Investor } from "@/lib/investors/types";
import { investorColumns, investorName, type WithFollowUp } from "@/lib/investors/columns";

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

const today = () => new Date().toISOString().slice(0, 10);

function FollowUpCell({ investor }: { investor: WithFollowUp }) {
  return investor.followUp ? (
    <FollowUpBadge followUp={investor.followUp} today={today()} />
  ) : (
    <span className="text-zinc-600 dark:text-zinc-400">None yet</span>
  );
}

/** The investor table's columns, one per lib column spec; the name links to the investor page with the view kept. */
export function investorsTableColumns(fundId: string): ColumnDef<DataTableFeatures, Investor, unknown>[] {
  const fundPath = `/funds/${encodeURIComponent(fundId)}/investors`;
  return investorColumns.map((spec) => {
    if (spec.id === "name")
      return specColumn(spec, {
        maxChars: 34,
        cell: (investor) => <InvestorLink fundPath={fundPath} investor={investor} />,
      });
    if (spec.id === "followUp")
      return {
        ...specColumn(spec, { cell: (investor) => <FollowUpCell investor={investor} /> }),
        // A note's, not the record's: the table sorts on the records' own columns.
        enableSorting: false,
      };
    return specColumn(spec);
  });
}
