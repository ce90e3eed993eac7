"use client";

import Link from "next/link";
import { useParams } from "next/navigation";

export default function InvestorNotFound() {
  const { fundId } = useParams<{ fundId: string }>();
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-semibold">Investor not found</h1>
      <p className="mt-2 text-zinc-700 dark:text-zinc-300">This fund has no investor at this address.</p>
      <Link
        href={`/funds/${encodeURIComponent(fundId)}`}
        className="mt-6 inline-block font-medium text-blue-700 hover:underline dark:text-blue-300"
      >
        Back to the fund
      </Link>
    </div>
  );
}
