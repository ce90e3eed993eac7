import { HistoryView } from "@/components/history/history-view";
import { Panel } from "@/components/ui/panel";
import { requireUser } from "@/lib/auth/session";
import { readInPlace } from "@/lib/data/prefetch";
import { investorAcrossFundsHistory } from "@/lib/history/server/history";

interface InvestorAcrossFundsHistoryProps {
  /** The investor's position in each fund, as the directory matched them. */
  held: { fundId: string; investorId: string }[];
}

/** The investor's positions summed across their funds over time, for a Suspense boundary. */
export async function InvestorAcrossFundsHistory({ held }: InvestorAcrossFundsHistoryProps) {
  const { value, failure } = await readInPlace(async () => investorAcrossFundsHistory(await requireUser(), held));
  return (
    <Panel title="History">
      <HistoryView
        label="Kept values over time, summed across funds"
        history={value ?? undefined}
        error={failure?.message}
        note="Summed over the funds at every moment one of them was read, each fund's last kept value carried forward."
      />
    </Panel>
  );
}
