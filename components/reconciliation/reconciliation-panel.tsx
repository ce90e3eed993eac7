import Link from "next/link";
import { CsvButton } from "@/components/data-table/csv-button";
import { PhoneCards } from "@/components/data-table/phone-cards";
import { ColumnHeaders } from "@/components/ui/column-headers";
import { Panel } from "@/components/ui/panel";
import { defaultInvestorView, investorViewSearch } from "@/lib/investors/search-params";
import type { FundCheck, Reconciliation } from "@/lib/reconciliation/types";
import { formatCount, formatMoney } from "@/lib/values/format";
import { countOf } from "@/lib/values/count";

interface ReconciliationPanelProps {
  fundId: string;
  /** The checks; absent while they are worked out (a cold fund's list may take seconds to read). */
  data?: Reconciliation;
  /** Why the checks could not be worked out. */
  error?: string;
}

const result: Record<FundCheck["status"], string> = {
  holds: "Holds",
  differs: "Differs",
  cannot_check: "Cannot check",
};
const linkClass = "font-medium text-blue-700 hover:underline dark:text-blue-300";

function figure(check: FundCheck, value: string | null): string {
  if (value === null) return "—";
  if (check.id === "investor_count") return formatCount(value);
  return check.id === "ownership_percent" ? `${value}%` : formatMoney(value);
}

/**
 * The fund's own figures against what its investors add up to, exact, and the investors whose figures disagree.
 * Rendered on the server; only the differences download is a client leaf.
 */
export function ReconciliationPanel({ fundId, data, error }: ReconciliationPanelProps) {
  if (!data)
    return (
      <Panel title="Reconciliation">
        {error ? <p role="alert">{error}</p> : <p role="status">Checking the figures…</p>}
      </Panel>
    );
  const differences =
    data.checks.filter((check) => check.status === "differs").length +
    data.investorChecks.filter((check) => check.differing > 0).length;
  const fundPath = `/funds/${encodeURIComponent(fundId)}`;
  return (
    <Panel title="Reconciliation" className="lg:col-span-2">
      <p className="mb-3 font-medium" data-verdict={differences === 0 ? "ties" : "differs"}>
        {differences === 0 ? "Ties out" : countOf(differences, "difference")}
      </p>
      {/* A phone's view of the checks: each check's name, its formula wrapping under it, then the figures. */}
      <PhoneCards
        label="Fund checks"
        className="md:hidden"
        cards={data.checks.map((check) => ({
          key: check.id,
          title: check.label,
          details: [check.formula],
          figures: [
            { label: "Fund", value: figure(check, check.fund) },
            { label: "Investors", value: figure(check, check.investors) },
            { label: "Difference", value: figure(check, check.difference) },
            { label: "Skipped", value: check.skipped },
            {
              label: "Result",
              value: (
                <>
                  {result[check.status]}
                  {check.reason ? (
                    <span className="block text-xs font-normal text-zinc-600 dark:text-zinc-400">{check.reason}</span>
                  ) : null}
                </>
              ),
            },
          ],
        }))}
      />
      <div className="hidden overflow-x-auto md:block">
        <table aria-label="Fund checks" className="w-full text-sm">
          <ColumnHeaders
            columns={[
              { label: "Check" },
              { label: "Fund", numeric: true },
              { label: "Investors", numeric: true },
              { label: "Difference", numeric: true },
              { label: "Skipped", numeric: true },
              { label: "Result" },
            ]}
          />
          <tbody>
            {data.checks.map((check) => (
              <tr
                key={check.id}
                data-check={check.id}
                className="border-t border-zinc-100 align-top dark:border-zinc-800"
              >
                <th scope="row" className="py-1 pr-3 text-left font-normal">
                  {check.label}
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">{check.formula}</span>
                </th>
                <td className="py-1 pr-3 text-right tabular-nums">{figure(check, check.fund)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{figure(check, check.investors)}</td>
                <td className="py-1 pr-3 text-right tabular-nums" data-difference>
                  {figure(check, check.difference)}
                </td>
                <td className="py-1 pr-3 text-right tabular-nums">{check.skipped}</td>
                <td className="py-1">
                  {result[check.status]}
                  {check.reason ? (
                    <span className="block text-xs text-zinc-600 dark:text-zinc-400">{check.reason}</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="mt-3 space-y-1 text-sm">
        {data.investorChecks.map((check) => (
          <li key={check.id} data-investor-check={check.id}>
            <span className="font-medium">{check.label}</span> ({check.formula}):{" "}
            {check.differing === 0 ? (
              "every investor agrees"
            ) : (
              <Link
                href={`${fundPath}${investorViewSearch({ ...defaultInvestorView, check: check.id })}`}
                className={linkClass}
              >
                {countOf(check.differing, "investor differs", "investors differ")}
              </Link>
            )}
            {check.reason ? <span className="text-zinc-600 dark:text-zinc-400"> · {check.reason}</span> : null}
          </li>
        ))}
      </ul>
      {differences > 0 ? (
        <p className="mt-3 text-sm">
          <CsvButton
            url={`/api/funds/${encodeURIComponent(fundId)}/reconciliation.csv`}
            label="Download the differences (CSV)"
          />
        </p>
      ) : null}
    </Panel>
  );
}
