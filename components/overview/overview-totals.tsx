import type { InvestorCounts, OverviewTotals as FundTotals, PositionTotals } from "@/lib/overview/types";
import { formatCount, formatMoney } from "@/lib/values/format";

// The organization's totals, exact: the funds' own figures, then what their positions add up to once all are read.

interface OverviewTotalsProps {
  totals: FundTotals;
  positions: PositionTotals | null;
  investors: InvestorCounts | null;
}

const reading = "Reading funds…";

export function OverviewTotals({ totals, positions, investors }: OverviewTotalsProps) {
  const figures: { label: string; value: string }[] = [
    { label: "Funds", value: formatCount(String(totals.funds)) },
    { label: "Target", value: formatMoney(totals.target) },
    { label: "Commitments", value: formatMoney(totals.commitments) },
    { label: "Contributed", value: formatMoney(totals.contributed) },
    { label: "Total received", value: formatMoney(totals.received) },
    { label: "Unfunded", value: positions ? formatMoney(positions.unfunded) : reading },
    { label: "Capital outstanding", value: positions ? formatMoney(positions.outstanding) : reading },
    { label: "Of which overdue", value: positions ? formatMoney(positions.overdue) : reading },
    { label: "Investors", value: investors ? formatCount(String(investors.count)) : reading },
  ];
  return (
    <section aria-labelledby="overview-totals" className="mb-6">
      <h2 id="overview-totals" className="mb-3 text-base font-semibold">
        Totals
      </h2>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {figures.map((figure) => (
          <div
            key={figure.label}
            className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900/40"
          >
            <dt className="text-sm text-zinc-600 dark:text-zinc-400">{figure.label}</dt>
            <dd className="break-all text-lg font-semibold tabular-nums">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
