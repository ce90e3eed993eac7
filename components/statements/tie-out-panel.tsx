import { ColumnHeaders } from "@/components/ui/column-headers";
import { Panel } from "@/components/ui/panel";
import { type TieOutCheck, tieOutVerdict, unreportedLines } from "@/lib/statements/tie-out";
import { countOf } from "@/lib/values/count";
import { EMPTY, formatMoney } from "@/lib/values/format";
import { ScrollRegion } from "@/components/ui/scroll-region";

const result: Record<TieOutCheck["status"], string> = { ties: "Ties out", differs: "Differs", cannot: "Cannot check" };
const money = (value: string | null) => (value === null ? EMPTY : formatMoney(value));

interface TieOutPanelProps {
  checks: TieOutCheck[];
  /** Investors of the opening read the closing read does not hold, counted in the period's contributions. */
  left: number;
  joined: number;
}

/** Whether the statements add up to the fund's own figures read with the same two lists, line by line. */
export function TieOutPanel({ checks, left, joined }: TieOutPanelProps) {
  const verdict = tieOutVerdict(checks);
  return (
    <Panel title="Ties out?">
      <p className="mb-2 font-medium" data-verdict={verdict.status}>
        {verdict.text}
      </p>
      <ScrollRegion label="Statements against the fund's own figures">
        <table aria-label="Statements against the fund's own figures" className="w-full text-sm">
          <ColumnHeaders
            columns={[
              { label: "Line" },
              { label: "Statements", numeric: true },
              { label: "Fund", numeric: true },
              { label: "Difference", numeric: true },
              { label: "Result" },
            ]}
          />
          <tbody>
            {checks.map((check) => (
              <tr key={check.id} className="border-t border-zinc-200 align-top dark:border-zinc-800">
                <th scope="row" className="py-1 pr-3 text-left font-normal">
                  {check.label}
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">{check.formula}</span>
                  {check.skipped > 0 ? (
                    <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                      {countOf(check.skipped, "investor value")} not given, left out
                    </span>
                  ) : null}
                </th>
                <td className="py-1 pr-3 text-right tabular-nums">{money(check.statements)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{money(check.fund)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{money(check.difference)}</td>
                <td className="py-1">
                  {result[check.status]}
                  {check.reason ? <span className="block text-xs">{check.reason}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
        {joined > 0 ? `${countOf(joined, "investor")} joined after the opening read and open at zero. ` : ""}
        {left > 0 ? `${countOf(left, "investor")} of the opening read left before the closing read. ` : ""}
        The fund&apos;s own record does not report {unreportedLines.join(", ").toLowerCase()}: their sums are not
        checked.
      </p>
    </Panel>
  );
}
