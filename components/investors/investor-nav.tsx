"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { investorNeighboursQuery } from "@/lib/investors/queries";
import { loadInvestorView } from "@/lib/investors/search-params";

interface InvestorNavProps {
  fundId: string;
  fundName: string;
  investorId: string;
  investorName: string;
}

const count = new Intl.NumberFormat("en-US");
const linkClass = "inline-flex min-h-6 items-center font-medium text-blue-700 hover:underline dark:text-blue-300";
const buttonClass =
  "rounded-md border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800";

/** Breadcrumb back to the fund's table as it was, Previous/Next in that table's order, and Copy link. */
export function InvestorNav({ fundId, fundName, investorId, investorName }: InvestorNavProps) {
  const searchParams = useSearchParams();
  const search = searchParams.toString() ? `?${searchParams.toString()}` : "";
  // Worked out by the server over the fund's held list: the page never downloads the whole list for two links.
  const { data: neighbours } = useQuery(investorNeighboursQuery(fundId, investorId, loadInvestorView(searchParams)));
  const [copied, setCopied] = useState(false);
  const position =
    neighbours?.position != null ? `${count.format(neighbours.position)} of ${count.format(neighbours.matched)}` : "";
  const fundHref = `/funds/${encodeURIComponent(fundId)}`;
  const hrefOf = (id: string) => `${fundHref}/investors/${encodeURIComponent(id)}${search}`;

  async function copyLink() {
    // The canonical record link, without this person's table view: it is what goes into a ticket.
    await navigator.clipboard.writeText(
      `${window.location.origin}${fundHref}/investors/${encodeURIComponent(investorId)}`,
    );
    setCopied(true);
    setTimeout(() => setCopied(false), 2_000);
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link href="/funds" className={linkClass}>
              Funds
            </Link>{" "}
            /
          </li>
          <li>
            <Link href={`${fundHref}${search}`} className={linkClass}>
              {fundName}
            </Link>{" "}
            /
          </li>
          <li aria-current="page" className="text-zinc-700 dark:text-zinc-300">
            {investorName}
          </li>
        </ol>
      </nav>
      <div className="ml-auto flex items-center gap-2">
        {position ? <span className="text-sm text-zinc-600 dark:text-zinc-400">{position}</span> : null}
        {neighbours?.previous ? (
          <Link href={hrefOf(neighbours.previous.id)} className={buttonClass} rel="prev">
            Previous
          </Link>
        ) : (
          <span aria-disabled="true" className={`${buttonClass} opacity-50`}>
            Previous
          </span>
        )}
        {neighbours?.next ? (
          <Link href={hrefOf(neighbours.next.id)} className={buttonClass} rel="next">
            Next
          </Link>
        ) : (
          <span aria-disabled="true" className={`${buttonClass} opacity-50`}>
            Next
          </span>
        )}
        <button type="button" onClick={() => void copyLink()} className={buttonClass}>
          {copied ? "Link copied" : "Copy link"}
        </button>
      </div>
    </div>
  );
}
