import type { ReactNode } from "react";
import { BarChart, type BarChartOptions, type BarChartRow, type BarSeries } from "@/components/charts/bar-chart";
import { ChartTable } from "@/components/charts/chart-table";
import { Panel } from "@/components/ui/panel";
import { directoryViewSearch } from "@/lib/directory/search-params";
import type { ChartRow, InvestorCounts, OutstandingSeries, TargetSeries } from "@/lib/overview/types";
import { percentOf } from "@/lib/values/decimal";
import { formatCount, formatMoney, formatShare } from "@/lib/values/format";

// The Overview's bar charts, each beside its exact table; every bar and row links to the view it summarises.

type Format = (value: string | null) => ReactNode;

interface BarPanelProps<Series extends string> {
  title: string;
  caption: string;
  rowHeader: string;
  /** null while the figures are not whole yet (funds still being read). */
  rows: readonly BarChartRow<Series>[] | null;
  /** The table's columns; the chart draws those with a colour (a column without is the table's alone). */
  series: readonly (Omit<BarSeries<Series>, "className"> & { className?: string; legend?: string; format?: Format })[];
  format: Format;
  chart?: BarChartOptions<Series>;
  empty: string;
}

function BarPanel<Series extends string>({ title, rows, empty, chart, ...table }: BarPanelProps<Series>) {
  const drawn = table.series.flatMap(({ id, label, legend, className }) =>
    className === undefined ? [] : [{ id, label: legend ?? label, className }],
  );
  const note = rows === null ? "Shown once every fund has been read." : rows.length === 0 ? empty : null;
  return (
    <Panel title={title}>
      {note !== null || rows === null ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{note}</p>
      ) : (
        <>
          <BarChart rows={rows} series={drawn} {...chart} />
          <ChartTable rows={rows} {...table} />
        </>
      )}
    </Panel>
  );
}

const money = (value: string | null) => formatMoney(value);

// Each fund against its own target, as a share: one fund's target of quadrillions flattens no other fund's bar.
const targetSeries: BarPanelProps<TargetSeries | "share">["series"] = [
  { id: "commitments", label: "Commitments" },
  { id: "target", label: "Target" },
  {
    id: "share",
    label: "Of target",
    legend: "Commitments as a share of the fund's target",
    className: "bg-blue-600 dark:bg-blue-400",
    format: (value) => (value === null ? "no target" : formatShare(value)),
  },
];

const shareChart: BarChartOptions<TargetSeries | "share"> = {
  floor: 100,
  cap: 200,
  reference: { at: 100, label: "Target (100%)" },
  tickFormat: (value) => `${value}%`,
  valueLabel: (row) => (row.values.share === null ? "no target" : formatShare(row.values.share)),
};

export function TargetChart({ rows }: { rows: ChartRow<TargetSeries>[] }) {
  const shares = rows.map((row) => ({
    ...row,
    values: { ...row.values, share: percentOf(row.values.commitments, row.values.target) },
  }));
  return (
    <BarPanel
      title="Commitments against target"
      caption="Commitments and target by fund, and commitments as a share of that target (the 12 largest by commitments, the rest as Others)"
      rowHeader="Fund"
      rows={shares}
      series={targetSeries}
      format={money}
      chart={shareChart}
      empty="No funds."
    />
  );
}

const outstandingSeries: BarSeries<OutstandingSeries>[] = [
  { id: "overdue", label: "Overdue", className: "bg-red-600 dark:bg-red-400" },
  { id: "notDue", label: "Not yet due", className: "bg-amber-500 dark:bg-amber-300" },
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
      chart={{ stacked: true }}
      empty="No capital is outstanding."
    />
  );
}

const typeSeries: BarSeries<"investors">[] = [
  { id: "investors", label: "Investors", className: "bg-blue-600 dark:bg-blue-400" },
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
