import type { FailedFund } from "@/lib/directory/types";

/** "2 funds could not be read: Name (why), Name (why)": the directory's words, wherever its funds are shown. */
export function FailedFundsText({ failedFunds }: { failedFunds: readonly FailedFund[] }) {
  return (
    <>
      {failedFunds.length} {failedFunds.length === 1 ? "fund" : "funds"} could not be read:{" "}
      {failedFunds.map((fund, index) => (
        <span key={fund.id}>
          {index > 0 ? ", " : ""}
          {fund.name} ({fund.message})
        </span>
      ))}
    </>
  );
}
