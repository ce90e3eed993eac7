import Link from "next/link";
import { FormattedValue } from "@/components/data-table/formatted-value";
import type { DirectoryTotals, InvestorAcrossFunds } from "@/lib/directory/types";

interface PositionsTableProps {
  positions: InvestorAcrossFunds["positions"];
  totals: DirectoryTotals;
}

const amounts: { field: keyof DirectoryTotals; label: string }[] = [
  { field: "commitment_amount", label: "Commitment" },
  { field: "contributed_amount", label: "Contributed" },
  { field: "unfunded_commitment_amount", label: "Unfunded" },
  { field: "life_distributions", label: "Life distributions" },
  { field: "net_asset_value", label: "Net asset value" },
];

const linkClass = "font-medium text-blue-700 hover:underline dark:text-blue-300";

/** One row per fund the investor is in, with the position's amounts and a link to it; exact totals underneath. */
export function PositionsTable({ positions, totals }: PositionsTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
      <table aria-label="Positions" className="w-full border-collapse text-[13px]">
        <thead className="bg-zinc-50 dark:bg-zinc-900">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Fund
            </th>
            {amounts.map(({ field, label }) => (
              <th key={field} scope="col" className="px-3 py-2 text-right font-medium">
                {label}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Position
            </th>
          </tr>
        </thead>
        <tbody>
          {positions.map(({ fund, investor }) => (
            <tr key={`${fund.id}/${investor.id}`} className="border-t border-zinc-100 dark:border-zinc-800">
              <td className="px-3 py-2">
                <Link href={`/funds/${encodeURIComponent(fund.id)}`} prefetch={false} className={linkClass}>
                  {fund.name}
                </Link>
              </td>
              {amounts.map(({ field }) => (
                <td key={field} className="px-3 py-2 text-right">
                  <FormattedValue kind="money" value={investor[field]} />
                </td>
              ))}
              <td className="px-3 py-2">
                <Link
                  href={`/funds/${encodeURIComponent(fund.id)}/investors/${encodeURIComponent(investor.id)}`}
                  prefetch={false}
                  className={linkClass}
                  aria-label={`Open the position in ${fund.name}`}
                >
                  Open
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-zinc-300 bg-zinc-50 font-medium dark:border-zinc-700 dark:bg-zinc-900">
          <tr>
            <th scope="row" className="px-3 py-2 text-left">
              Total of {positions.length} {positions.length === 1 ? "position" : "positions"}
            </th>
            {amounts.map(({ field }) => (
              <td key={field} className="px-3 py-2 text-right" data-total={field}>
                <FormattedValue kind="money" value={totals[field]} />
              </td>
            ))}
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
