"use client";

import { ViewDownload } from "@/components/data-table/view-download";
import { untilOrganizationRead } from "@/lib/directory/queries";
import { investorsCsvUrl } from "@/lib/directory/search-params";
import { countOf } from "@/lib/values/count";

const count = new Intl.NumberFormat("en-US");

/**
 * Every investor of every fund in one file, once every fund has been read (how many of how many so far, meanwhile);
 * if funds cannot be read, it says which and offers the file without them.
 */
export function AllInvestorsDownload() {
  return (
    <ViewDownload
      url={investorsCsvUrl({})}
      partialUrl={investorsCsvUrl({ partial: true })}
      label="All investors (CSV)"
      busyLabel="All investors: preparing…"
      prepare={(say) =>
        untilOrganizationRead((read, total) =>
          say(`All investors: ${count.format(read)} of ${countOf(total, "fund")} read…`),
        )
      }
    />
  );
}
