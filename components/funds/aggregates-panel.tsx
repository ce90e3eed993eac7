import { FieldList } from "@/components/ui/field-list";
import { Panel } from "@/components/ui/panel";
import { ProgressBar } from "@/components/ui/progress-bar";
import type { Fund } from "@/lib/funds/types";
import { shareOf } from "@/lib/values/decimal";
import { formatMoney } from "@/lib/values/format";
import { valueField } from "./fund-value";

interface AggregatesPanelProps {
  fund: Fund;
}

function caption(part: string | null | undefined, whole: string | null | undefined, share: string | null) {
  return `${formatMoney(part)} of ${formatMoney(whole)}${share === null ? "" : ` (${share}%)`}`;
}

export function AggregatesPanel({ fund }: AggregatesPanelProps) {
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
    </Panel>
  );
}
