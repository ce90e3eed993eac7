"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Freshness } from "@/components/ui/freshness";
import { revealSecret } from "@/lib/query/fetch-json";
import { fundName } from "@/lib/funds/columns";
import { formatDate, formatText, formatTimestampTitle } from "@/lib/values/format";
import { fundQuery } from "@/lib/funds/queries";
import { refreshInvestorRows } from "@/lib/investors/queries";
import { ReconciliationPanel } from "@/components/reconciliation/reconciliation-panel";
import { reconciliationQuery } from "@/lib/reconciliation/queries";
import { AggregatesPanel } from "./aggregates-panel";
import { BankPanel } from "./bank-panel";
import { LegalEntityPanel } from "./legal-entity-panel";
import { OfferingTermsPanel } from "./offering-terms-panel";

interface FundDetailsProps {
  fundId: string;
}

export function FundDetails({ fundId }: FundDetailsProps) {
  const queryClient = useQueryClient();
  const { data: fund, error, isFetching, dataUpdatedAt, refetch } = useQuery(fundQuery(fundId));
  const { data: reconciliation } = useQuery(reconciliationQuery(fundId));
  // Refresh the fund and its investors together (the aggregates follow the investor data): the server reads both again.
  const refresh = () => {
    // The reconciliation follows the list the refresh reads, so it is asked for once that list has arrived.
    void refreshInvestorRows(queryClient, fundId).then(() =>
      queryClient.invalidateQueries({ queryKey: reconciliationQuery(fundId).queryKey }),
    );
    void queryClient.invalidateQueries({ queryKey: fundQuery(fundId).queryKey, exact: true });
  };

  if (!fund) {
    return error ? <ErrorPanel message={error.message} onRetry={() => void refetch()} retrying={isFetching} /> : null;
  }
  const bank = fund.bank;
  const revealAccountNumber = () =>
    revealSecret(`/api/funds/${encodeURIComponent(fund.id)}/sensitive`, "account_number");

  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-end gap-x-6 gap-y-2">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{fundName(fund)}</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {formatText(fund.organization_name)} · Created{" "}
            <time title={formatTimestampTitle(fund.created_at)}>{formatDate(fund.created_at)}</time>
          </p>
        </div>
        <div className="ml-auto">
          <Freshness updatedAt={dataUpdatedAt} onRefresh={refresh} refreshing={isFetching} />
        </div>
      </header>
      {error ? <ErrorPanel title="Refresh failed" message={error.message} onRetry={refresh} /> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <LegalEntityPanel fund={fund} />
        <BankPanel
          bank={{
            bankName: bank?.name,
            accountName: bank?.account_name,
            accountNumber: bank?.account_number,
            routingNumber: bank?.routing_number,
            swiftCode: bank?.swift_code,
            additionalInstructions: bank?.additional_instructions,
          }}
          revealAccountNumber={revealAccountNumber}
        />
        <OfferingTermsPanel fund={fund} />
        <AggregatesPanel fund={fund} outstanding={reconciliation?.outstanding} />
        <ReconciliationPanel fundId={fundId} />
      </div>
    </div>
  );
}
