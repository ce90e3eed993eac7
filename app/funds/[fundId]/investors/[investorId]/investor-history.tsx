import { HistoryView } from "@/components/history/history-view";
import { Panel } from "@/components/ui/panel";
import { requireUser } from "@/lib/auth/session";
import { readInPlace } from "@/lib/data/prefetch";
import { investorHistory } from "@/lib/history/server/history";

interface InvestorHistoryProps {
  fundId: string;
  investorId: string;
}

/** The position's kept values over time, for a Suspense boundary; a store that is down is said in place. */
export async function InvestorHistory({ fundId, investorId }: InvestorHistoryProps) {
  const { value, failure } = await readInPlace(async () => investorHistory(await requireUser(), fundId, investorId));
  return (
    <Panel title="History">
      <HistoryView
        label="Kept values over time"
        history={value ?? undefined}
        error={failure?.message}
        note="One row per distinct kept read of the fund's investors that holds this position: the same content read again adds no row."
      />
    </Panel>
  );
}
