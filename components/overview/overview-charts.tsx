import type { ReactNode } from "react";
import { BarChart, type BarChartRow, type BarSeries } from "@/components/charts/bar-chart";
import { ChartTable } from "@/components/charts/chart-table";
import { Panel } from "@/components/ui/panel";
import { directoryViewSearch } from "@/lib/directory/search-params";
import type { ChartRow, InvestorCounts, OutstandingSeries, TargetSeries } from "@/lib/overview/types";
import { formatCount, formatMoney } from "@/lib/values/format";

// The Overview's bar charts, each beside its exact table; every bar and row links to the view it summarises.

interface BarPanelProps<Series extends string> {
  title: string;
  caption: string;
  rowHeader: string;
  /** null while the figures are not whole yet (funds still being read). */
  rows: readonly BarChartRow<Series>[] | null;
  series: readonly BarSeries<Series>[];
  format: (value: string | null) => ReactNode;
  stacked?: boolean;
  empty: string;
}

function BarPanel<Series extends string>({ title, rows, empty, stacked, ...table }: BarPanelProps<Series>) {
  const note = rows === null ? "Shown once every fund has been read." : rows.length === 0 ? empty : null;
  return (
    <Panel title={title}>
      {note !== null || rows === null ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{note}</p>
      ) : (
        <>
          <BarChart rows={rows} series={table.series} stacked={stacked} />
          <ChartTable rows={rows} {...table} />
        </>
      )}
    </Panel>
  );
}

const money = (value: string | null) => formatMoney(value);

const targetSeries: BarSeries<TargetSeries>[] = [
  { id: "commitments", label: "Commitments", className: "fill-blue-600 dark:fill-blue-400" },
  { id: "target", label: "Target", className: "fill-zinc-400 dark:fill-zinc-500" },
];

export function TargetChart({ rows }: { rows: ChartRow<TargetSeries>[] }) {
  return (
    <BarPanel
      title="Commitments against target"
      caption="Commitments and target by fund (the 12 largest by commitments, the rest as Others)"
      rowHeader="Fund"
      rows={rows}
      series={targetSeries}
      format={money}
      empty="No funds."
    />
  );
}

const outstandingSeries: BarSeries<OutstandingSeries>[] = [
  { id: "overdue", label: "Overdue", className: "fill-red-600 dark:fill-red-400" },
  { id: "notDue", label: "Not yet due", className: "fill-amber-500 dark:fill-amber-300" },
];

export function OutstandingChart({ rows }: { rows: ChartRow<OutstandingSeries>[] | null }) {
  return (
    <BarPanel
      title="Capital outstanding by fund"
      caption="Capital outstanding by fund, overdue and not yet due (the 12 largest, the rest as Others)"
      rowHeader="Fund"
      rows={rows}
      series={outstandingSeries}
      format={money}
      stacked
      empty="No capital is outstanding."
    />
  );
}

const typeSeries: BarSeries<"investors">[] = [
  { id: "investors", label: "Investors", className: "fill-blue-600 dark:fill-blue-400" },
];

export function InvestorTypesChart({ investors }: { investors: InvestorCounts | null }) {
  const rows = investors?.types.map((type) => ({
    key: type.value,
    label: type.value,
    href: `/investors${directoryViewSearch({ type: [type.value], q: "", sort: null })}`,
    values: { investors: String(type.count) },
  }));
  return (
    <BarPanel
      title="Investors by type"
      caption="Investors by type (the same person across funds counted once)"
      rowHeader="Investor type"
      rows={rows ?? null}
      series={typeSeries}
      format={formatCount}
      empty="No investors."
    />
  );
}
