"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { ErrorPanel } from "@/components/ui/error-panel";
import { formatCount, formatDate, formatMoney, formatText } from "@/lib/format";
import { fundsQuery } from "@/lib/queries";

export function FundsTable() {
  const { data, error, refetch, isFetching } = useQuery(fundsQuery());
  if (error) return <ErrorPanel message={error.message} onRetry={() => void refetch()} retrying={isFetching} />;
  if (!data) return <p>Loading funds…</p>;
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left">
          <th scope="col">Fund</th>
          <th scope="col">Organization</th>
          <th scope="col" className="text-right">Target size</th>
          <th scope="col" className="text-right">Investors</th>
          <th scope="col">Created</th>
        </tr>
      </thead>
      <tbody>
        {data.map((fund) => (
          <tr key={fund.id} className="border-t border-zinc-200 dark:border-zinc-800">
            <td>
              <Link href={`/funds/${fund.id}`} className="text-blue-700 hover:underline dark:text-blue-300">
                {formatText(fund.legal_entity?.display_name ?? fund.legal_entity?.legal_name ?? fund.id)}
              </Link>
            </td>
            <td>{formatText(fund.organization_name)}</td>
            <td className="text-right tabular-nums">{formatMoney(fund.target_size)}</td>
            <td className="text-right tabular-nums">{formatCount(fund.investor_count)}</td>
            <td>{formatDate(fund.created_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
