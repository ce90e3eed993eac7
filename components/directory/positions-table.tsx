import Link from "next/link";
import { FormattedValue } from "@/components/data-table/formatted-value";
import { PhoneCards } from "@/components/data-table/phone-cards";
import type { DirectoryTotals, InvestorAcrossFunds } from "@/lib/directory/types";
import { countOf } from "@/lib/values/count";

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

// A phone's card of a position: the fund, the link to the position, and the amounts that matter most.
const phoneAmounts = amounts.slice(0, 2);

/**
 * One row per fund the investor is in, with the position's amounts and a link to it; exact totals underneath. Below
 * `md` (a phone) a card per position with its commitment and contribution, then the totals.
 */
export function PositionsTable({ positions, totals }: PositionsTableProps) {
  return (
    <>
      <div className="md:hidden">
        <PhoneCards
          label="Positions"
          cards={positions.map(({ fund, investor }) => ({
            key: `${fund.id}/${investor.id}`,
            title: (
              <Link
                href={`/funds/${encodeURIComponent(fund.id)}/investors/${encodeURIComponent(investor.id)}`}
                prefetch={false}
                className={linkClass}
              >
                {fund.name}
              </Link>
            ),
            figures: phoneAmounts.map(({ field, label }) => ({
              label,
              value: <FormattedValue kind="money" value={investor[field]} />,
            })),
          }))}
        />
        <p className="mt-2 px-3 text-sm font-medium">Total of {countOf(positions.length, "position")}</p>
        <dl className="grid grid-cols-2 gap-x-3 px-3 text-sm">
          {phoneAmounts.map(({ field, label }) => (
            <div key={field}>
              <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
              <dd className="font-medium">
                <FormattedValue kind="money" value={totals[field]} />
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="hidden overflow-x-auto rounded-lg border border-zinc-200 md:block dark:border-zinc-800">
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
                Total of {countOf(positions.length, "position")}
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
    </>
  );
}
