"use client";

import { useQuery } from "@tanstack/react-query";
import { InvestmentAccountSection, PrimaryContactSection } from "@/components/investors/investor-sections";
import { ErrorPanel } from "@/components/ui/error-panel";
import { investorAcrossFundsQuery } from "@/lib/directory/queries";
import { investorName } from "@/lib/investors/columns";
import { parseTimestamp } from "@/lib/values/format";
import { PositionsTable } from "./positions-table";
import { countOf } from "@/lib/values/count";

interface InvestorAcrossFundsProps {
  investorKey: string;
}

const matchedByText = {
  tax_id: "matched by tax id",
  email: "matched by email (no tax id to compare)",
  none: "one position",
};

/** One investor across the organization's funds: their latest details, then every position with exact totals. */
export function InvestorAcrossFundsView({ investorKey }: InvestorAcrossFundsProps) {
  const { data, error, refetch, isFetching } = useQuery(investorAcrossFundsQuery(investorKey));
  if (!data)
    return error ? <ErrorPanel message={error.message} onRetry={() => void refetch()} retrying={isFetching} /> : null;
  // Contact and account details come from the most recently invited position.
  const latest = data.positions.reduce((best, position) =>
    (parseTimestamp(position.investor.date_invited)?.getTime() ?? -Infinity) >
    (parseTimestamp(best.investor.date_invited)?.getTime() ?? -Infinity)
      ? position
      : best,
  );
  const sensitivePath = `/api/funds/${encodeURIComponent(latest.fund.id)}/investors/${encodeURIComponent(latest.investor.id)}/sensitive`;
  const funds = data.positions.length;
  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{investorName(latest.investor)}</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          In {countOf(funds, "fund")}, {matchedByText[data.matchedBy]}; details from the latest invitation (
          {latest.fund.name}).
        </p>
      </header>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <PrimaryContactSection investor={latest.investor} />
        <InvestmentAccountSection investor={latest.investor} sensitivePath={sensitivePath} />
      </div>
      <h2 className="text-xl font-semibold tracking-tight">Positions</h2>
      <PositionsTable positions={data.positions} totals={data.totals} />
    </div>
  );
}
