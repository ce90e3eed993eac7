import { type CsvOptions, DataTableDownload } from "@/components/data-table/data-table-download";
import { DataTableFacetFilter, type FacetOption } from "@/components/data-table/data-table-facet-filter";
import { DataTableSearch } from "@/components/data-table/data-table-search";
import { Freshness } from "@/components/ui/freshness";
import { AllInvestorsDownload } from "./all-investors-download";
import { countOf } from "@/lib/values/count";

interface FundsTableToolbarProps {
  query: string;
  onQueryChange: (query: string) => void;
  shown: number;
  total: number;
  updatedAt: number;
  onRefresh: () => void;
  refreshing: boolean;
  csvHref: (options: CsvOptions) => string;
  reconciliationOptions: FacetOption[];
  reconciliation: string[];
  onReconciliationChange: (chosen: string[]) => void;
}

const count = new Intl.NumberFormat("en-US");

export function FundsTableToolbar(props: FundsTableToolbarProps) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-4">
      <DataTableSearch label="Search funds" value={props.query} onChange={props.onQueryChange} />
      <DataTableFacetFilter
        title="Reconciliation"
        options={props.reconciliationOptions}
        selected={props.reconciliation}
        onChange={props.onReconciliationChange}
      />
      <p className="text-sm text-zinc-700 dark:text-zinc-300" aria-live="polite">
        {count.format(props.shown)} of {countOf(props.total, "fund")}
      </p>
      <div className="ml-auto flex flex-wrap items-center gap-3">
        <Freshness updatedAt={props.updatedAt} onRefresh={props.onRefresh} refreshing={props.refreshing} />
        <DataTableDownload href={props.csvHref} viewCount={props.shown} totalCount={props.total} noun="funds" />
        <AllInvestorsDownload />
      </div>
    </div>
  );
}
