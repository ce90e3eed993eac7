import Link from "next/link";
import type { Period } from "@/lib/statements/periods";
import {
  periodSearch,
  type StatementSortId,
  statementsPageSearch,
  type StatementsPageView,
} from "@/lib/statements/search-params";
import type { StatementRow } from "@/lib/store/model";
import { EMPTY, formatMoney } from "@/lib/values/format";
import { ScrollRegion } from "@/components/ui/scroll-region";

interface StatementsTableProps {
  fundId: string;
  period: Period;
  view: Pick<StatementsPageView, "sort" | "page">;
  rows: StatementRow[];
}

const columns: { id: StatementSortId; label: string; numeric: boolean }[] = [
  { id: "name", label: "Investor", numeric: false },
  { id: "closing_nav", label: "Closing net asset value", numeric: true },
  { id: "contributions", label: "Contributions", numeric: true },
  { id: "distributions", label: "Distributions", numeric: true },
];
const linkClass = "font-medium text-blue-700 hover:underline dark:text-blue-300";
const money = (value: string | null) => (value === null ? EMPTY : formatMoney(value));

/** Every investor's figures for the period, sorted by a header's link (the URL is the view), a page at a time. */
export function StatementsTable({ fundId, period, view, rows }: StatementsTableProps) {
  const page = `/funds/${encodeURIComponent(fundId)}/statements`;
  // A header sorts by its column; pressed again, the other way. Names start A→Z, amounts largest first.
  const sortHref = (id: StatementSortId) => {
    const first = id === "name" ? "asc" : "desc";
    const other = view.sort.direction === "asc" ? "desc" : "asc";
    const direction = view.sort.id === id ? other : first;
    return `${page}${statementsPageSearch(period, { sort: { id, direction }, page: 1 })}`;
  };
  const investorHref = (id: string) =>
    `/funds/${encodeURIComponent(fundId)}/investors/${encodeURIComponent(id)}${periodSearch(period)}#statement`;
  return (
    <ScrollRegion label={`Statements, ${period.label}`}>
      <table aria-label={`Statements, ${period.label}`} className="w-full text-sm">
        <thead className="text-left text-zinc-600 dark:text-zinc-400">
          <tr>
            {columns.map((column) => {
              const sorted = view.sort.id === column.id;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={sorted ? (view.sort.direction === "asc" ? "ascending" : "descending") : "none"}
                  className={`py-1 pr-3 font-medium ${column.numeric ? "text-right" : ""}`}
                >
                  <Link href={sortHref(column.id)} className={`inline-flex min-h-6 items-center ${linkClass}`}>
                    {column.label}
                    {sorted ? (view.sort.direction === "asc" ? " ↑" : " ↓") : ""}
                  </Link>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.investorId} className="border-t border-zinc-200 dark:border-zinc-800">
              <th scope="row" className="py-1 pr-3 text-left font-normal">
                <Link href={investorHref(row.investorId)} className={`inline-flex min-h-6 items-center ${linkClass}`}>
                  {row.name}
                </Link>
                {row.joined ? <span className="text-xs text-zinc-600 dark:text-zinc-400"> (joined)</span> : null}
              </th>
              <td className="py-1 pr-3 text-right tabular-nums">{money(row.closingNav)}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{money(row.contributions)}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{money(row.distributions)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
