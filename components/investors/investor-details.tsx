"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { BankPanel } from "@/components/funds/bank-panel";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Freshness } from "@/components/ui/freshness";
import { investorName } from "@/lib/investors/columns";
import { unknownFields } from "@/lib/investors/unknown-fields";
import { investorQuery } from "@/lib/investors/queries";
import {
  InvestmentAccountSection,
  InvestmentSection,
  PrimaryContactSection,
  TeamMembersSection,
} from "./investor-sections";
import { OtherFields } from "./other-fields";

interface InvestorDetailsProps {
  fundId: string;
  investorId: string;
  /** Links beside Refresh in the header (Watch): the page's actions together. */
  actions?: ReactNode;
}

export function InvestorDetails({ fundId, investorId, actions }: InvestorDetailsProps) {
  const { data, error, isFetching, refetch } = useQuery(investorQuery(fundId, investorId));
  const investor = data?.investor;
  if (!data || !investor) {
    return error ? <ErrorPanel message={error.message} onRetry={() => void refetch()} retrying={isFetching} /> : null;
  }
  const sensitivePath = `/api/funds/${encodeURIComponent(fundId)}/investors/${encodeURIComponent(investorId)}/sensitive`;
  const bank = investor.investment_account?.bank;
  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-end gap-x-6 gap-y-2">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{investorName(investor)}</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Investor id {investor.id}</p>
        </div>
        <div className="ml-auto flex flex-wrap items-center gap-3">
          {actions}
          <Freshness
            updatedAt={data.readAt}
            kept={data.keptAt !== null}
            onRefresh={() => void refetch()}
            refreshing={isFetching && data.keptAt === null}
          />
        </div>
      </header>
      {error ? <ErrorPanel title="Refresh failed" message={error.message} onRetry={() => void refetch()} /> : null}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <InvestmentSection investor={investor} />
        <InvestmentAccountSection investor={investor} sensitivePath={sensitivePath} />
        <BankPanel
          bank={{
            bankName: bank?.bank_name ?? bank?.name,
            accountName: bank?.account_name,
            accountNumber: bank?.account_number,
            routingNumber: bank?.routing_number,
            swiftCode: bank?.swift_code,
            additionalInstructions: bank?.additional_instructions,
          }}
          sensitivePath={sensitivePath}
        />
        <div className="space-y-4">
          <PrimaryContactSection investor={investor} />
          <TeamMembersSection investor={investor} />
        </div>
      </div>
      <OtherFields fields={unknownFields(investor)} />
    </div>
  );
}
