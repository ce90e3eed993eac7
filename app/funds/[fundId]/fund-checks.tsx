import { cache } from "react";
import { FundChangesPanel } from "@/components/changes/fund-changes-panel";
import { CapitalOutstanding } from "@/components/funds/aggregates-panel";
import { HistoryView } from "@/components/history/history-view";
import { ReconciliationPanel } from "@/components/reconciliation/reconciliation-panel";
import { requireUser } from "@/lib/auth/session";
import { fundChanges } from "@/lib/changes/server/changes";
import { readInPlace } from "@/lib/data/prefetch";
import { fundHistory } from "@/lib/history/server/history";
import { fundReconciliation } from "@/lib/reconciliation/server/fund-reconciliation";

// One reconciliation per render, shared by the Aggregates panel's capital outstanding and the Reconciliation panel;
// it reads the fund's held list (the investor table's), so a cold fund streams in once that list has arrived.
const reconciliationOnce = cache((fundId: string) =>
  readInPlace(async () => fundReconciliation(await requireUser(), fundId)),
);

interface FundChecksProps {
  fundId: string;
}

/** The Aggregates panel's "Capital outstanding", for a Suspense boundary. */
export async function FundOutstanding({ fundId }: FundChecksProps) {
  const { value } = await reconciliationOnce(fundId);
  return <CapitalOutstanding fundId={fundId} outstanding={value?.outstanding ?? null} />;
}

/** The Reconciliation panel, for a Suspense boundary; a failed read is shown in the panel. */
export async function FundReconciliation({ fundId }: FundChecksProps) {
  const { value, failure } = await reconciliationOnce(fundId);
  return <ReconciliationPanel fundId={fundId} data={value ?? undefined} error={failure?.message} />;
}

/** The Changes panel, for a Suspense boundary: the fund's changes since `since`, between two kept reads. */
export async function FundChangesSection({ fundId, since }: FundChecksProps & { since: string }) {
  const { value, failure } = await readInPlace(async () => fundChanges(await requireUser(), fundId, since));
  return (
    <FundChangesPanel fundId={fundId} since={since} changes={failure ? undefined : value} error={failure?.message} />
  );
}

/** The Aggregates panel's figures over time, for a Suspense boundary: the fund's own, as its record gave them. */
export async function FundHistory({ fundId }: FundChecksProps) {
  const { value, failure } = await readInPlace(async () => fundHistory(await requireUser(), fundId));
  return (
    <HistoryView
      label="Aggregates over time"
      history={value ?? undefined}
      error={failure?.message}
      note="The fund's own figures at each distinct kept read of its record (not sums of its positions)."
    />
  );
}
