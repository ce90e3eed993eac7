import { ViewDownload } from "@/components/data-table/view-download";
import { investorsCsvUrl } from "@/lib/directory/search-params";

/** Every investor of every fund in one CSV; if funds cannot be read, it says which and offers the file without them. */
export function AllInvestorsDownload() {
  return (
    <ViewDownload
      url={investorsCsvUrl({})}
      partialUrl={investorsCsvUrl({ partial: true })}
      label="All investors (CSV)"
      busyLabel="All investors: reading every fund…"
    />
  );
}
