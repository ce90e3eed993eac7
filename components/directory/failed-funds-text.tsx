import { namedAndMore } from "@/lib/organization/failed-funds";
import type { FailedFund } from "@/lib/directory/types";
import { countOf } from "@/lib/values/count";

const count = new Intl.NumberFormat("en-US");

/** "2 funds could not be read: Name (why), Name (why)": the directory's words, wherever its funds are shown. */
export function FailedFundsText({ failedFunds, total }: { failedFunds: readonly FailedFund[]; total?: number }) {
  const all = total ?? failedFunds.length;
  const { named, more } = namedAndMore(failedFunds, all);
  return (
    <>
      {countOf(all, "fund")} could not be read:{" "}
      {named.map((fund, index) => (
        <span key={fund.id}>
          {index > 0 ? ", " : ""}
          {fund.name} ({fund.message})
        </span>
      ))}
      {more > 0 ? ` and ${count.format(more)} more` : null}
    </>
  );
}
