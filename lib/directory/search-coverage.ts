import { namedAndMore } from "../organization/failed-funds";
import type { SearchResults } from "./types";
import { countOf } from "../values/count";

const count = new Intl.NumberFormat("en-US");
const namedAtMost = 3;

/**
 * What the header's search did not cover, said under its results: funds still being read (their investors may match
 * once read) and funds that could not be read, named. Null when every fund was searched.
 */
export function searchCoverage({
  reading,
  failedFunds,
  failedCount,
}: Pick<SearchResults, "reading" | "failedFunds" | "failedCount">): string | null {
  const parts: string[] = [];
  if (reading) {
    parts.push(
      `Reading investors: ${count.format(reading.read)} of ${countOf(reading.total, "fund")} so far; more may match.`,
    );
  }
  if (failedCount > 0) {
    const { named, more } = namedAndMore(failedFunds, failedCount, namedAtMost);
    const names = named.map((fund) => fund.name).join(", ");
    const list = more > 0 ? `${names} and ${count.format(more)} more` : names;
    parts.push(`Not searched: ${countOf(failedCount, "fund")} could not be read (${list}).`);
  }
  return parts.length > 0 ? parts.join(" ") : null;
}
