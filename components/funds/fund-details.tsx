import type { ReactNode } from "react";
import { fundName } from "@/lib/funds/columns";
import type { Fund } from "@/lib/funds/types";
import { formatDate, formatText, formatTimestampTitle } from "@/lib/values/format";
import { AggregatesPanel } from "./aggregates-panel";
import { BankPanel } from "./bank-panel";
import { FundRefresh } from "./fund-refresh";
import { LegalEntityPanel } from "./legal-entity-panel";
import { OfferingTermsPanel } from "./offering-terms-panel";

interface FundDetailsProps {
  fund: Fund;
  /** When the server read the fund (ms since epoch), for "Updated …". */
  readAt: number;
  /** A kept read shown while the upstream is slow: its time (ms); null when read live. */
  keptAt?: number | null;
  /** The capital its investors still owe, streamed once their list has been read. */
  outstanding: ReactNode;
  /** The reconciliation panel, streamed once the checks are worked out. */
  reconciliation: ReactNode;
  /** The Changes panel, streamed once the kept reads are compared. */
  changes?: ReactNode;
  /** The Aggregates panel's figures over time, streamed once the kept reads are read. */
  history?: ReactNode;
  /** Links beside Refresh in the header (Watch). */
  actions?: ReactNode;
}

/**
 * The fund's header and panels, rendered on the server from the page's read: the browser loads only the Refresh
 * and Reveal leaves, not the panels or their decimal arithmetic.
 */
export function FundDetails(props: FundDetailsProps) {
  const { fund, readAt, keptAt = null, outstanding, reconciliation, changes, history, actions } = props;
  const bank = fund.bank;
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
        <div className="ml-auto flex flex-wrap items-center gap-3">
          {actions}
          <FundRefresh fundId={fund.id} readAt={readAt} kept={keptAt !== null} />
        </div>
      </header>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
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
          sensitivePath={`/api/funds/${encodeURIComponent(fund.id)}/sensitive`}
        />
        <OfferingTermsPanel fund={fund} />
        <AggregatesPanel fund={fund} outstanding={outstanding} history={history} />
        {reconciliation}
        {changes}
      </div>
    </div>
  );
}
