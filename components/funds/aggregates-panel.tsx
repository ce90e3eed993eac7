import { FieldList } from "@/components/ui/field-list";
import { Panel } from "@/components/ui/panel";
import { ProgressBar } from "@/components/ui/progress-bar";
import Link from "next/link";
import type { ReactNode } from "react";
import type { Fund } from "@/lib/funds/types";
import { outstandingViewSearch } from "@/lib/outstanding/search-params";
import type { FundOutstanding } from "@/lib/reconciliation/types";
import { shareOf } from "@/lib/values/decimal";
import { formatMoney } from "@/lib/values/format";
import { valueField } from "./fund-value";
import { countOf } from "@/lib/values/count";

interface AggregatesPanelProps {
  fund: Fund;
  /** Capital still owed by the fund's investors: a CapitalOutstanding once their list has been read. */
  outstanding: ReactNode;
  /** Total commitments and total contributed over time, streamed once the kept reads are read. */
  history?: ReactNode;
}

interface CapitalOutstandingProps {
  fundId: string;
  /** What the fund's investors still owe; null when their list could not be read. */
  outstanding: FundOutstanding | null;
}

/** The fund's capital outstanding, linked to those positions on the Outstanding page. */
export function CapitalOutstanding({ fundId, outstanding }: CapitalOutstandingProps) {
  if (!outstanding) return "could not be read";
  if (outstanding.total === null) return "nothing outstanding";
  const positions = countOf(outstanding.positions, "position");
  const overdue = outstanding.overdue ? `, overdue ${countOf(outstanding.daysOverdue, "day")}` : "";
  return (
    <Link
      href={`/outstanding${outstandingViewSearch({ fund: fundId, overdue: false, sort: null })}`}
      className="tabular-nums text-blue-700 hover:underline dark:text-blue-300"
    >
      {formatMoney(outstanding.total)} ({positions}
      {overdue})
    </Link>
  );
}

function caption(part: string | null | undefined, whole: string | null | undefined, share: string | null) {
  return `${formatMoney(part)} of ${formatMoney(whole)}${share === null ? "" : ` (${share}%)`}`;
}

export function AggregatesPanel({ fund, outstanding, history }: AggregatesPanelProps) {
  const committed = shareOf(fund.total_commitments, fund.target_size);
  const contributed = shareOf(fund.total_contributed, fund.total_commitments);
  return (
    <Panel title="Aggregates">
      <FieldList
        fields={[
          valueField("Investors", fund.investor_count, "count"),
          valueField("Total commitments", fund.total_commitments, "money"),
          valueField("Total contributed", fund.total_contributed, "money"),
          valueField("Total received", fund.total_received, "money"),
          { label: "Capital outstanding", value: outstanding, numeric: true },
        ]}
      />
      <div className="mt-4 space-y-3">
        <ProgressBar
          label="Commitments against target size"
          fill={committed}
          caption={caption(fund.total_commitments, fund.target_size, committed)}
        />
        <ProgressBar
          label="Contributed against commitments"
          fill={contributed}
          caption={caption(fund.total_contributed, fund.total_commitments, contributed)}
        />
      </div>
      {history ? (
        <div className="mt-4">
          <h3 className="mb-2 text-sm font-semibold">Over time</h3>
          {history}
        </div>
      ) : null}
    </Panel>
  );
}
