"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { investorColumns } from "@/lib/investors/investor-columns";
import { investorViewOptions, parseInvestorView } from "@/lib/investors/investor-view";
import { fundInvestorsQuery } from "@/lib/queries";
import { applyView } from "@/lib/table/view";

interface InvestorNavProps {
  fundId: string;
  fundName: string;
  investorId: string;
  investorName: string;
}

const count = new Intl.NumberFormat("en-US");
const linkClass = "font-medium text-blue-700 hover:underline dark:text-blue-300";
const buttonClass =
  "rounded-md border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800";

/** Breadcrumb back to the fund's table as it was, Previous/Next in that table's order, and Copy link. */
export function InvestorNav({ fundId, fundName, investorId, investorName }: InvestorNavProps) {
  const searchParams = useSearchParams();
  const search = searchParams.toString() ? `?${searchParams.toString()}` : "";
  const { data: investors } = useQuery(fundInvestorsQuery(fundId));
  const [copied, setCopied] = useState(false);
  const neighbours = useMemo(() => {
    if (!investors) return null;
    const ordered = applyView(investors, investorColumns, investorViewOptions(parseInvestorView(searchParams)));
    const index = ordered.findIndex((investor) => investor.id === investorId);
    if (index === -1) return { previous: undefined, next: undefined, position: "" };
    return { previous: ordered[index - 1], next: ordered[index + 1], position: `${count.format(index + 1)} of ${count.format(ordered.length)}` };
  }, [investors, searchParams, investorId]);
  const fundHref = `/funds/${encodeURIComponent(fundId)}`;
  const hrefOf = (id: string) => `${fundHref}/investors/${encodeURIComponent(id)}${search}`;

  async function copyLink() {
    // The canonical record link, without this person's table view: it is what goes into a ticket.
    await navigator.clipboard.writeText(`${window.location.origin}${fundHref}/investors/${encodeURIComponent(investorId)}`);
    setCopied(true);
    setTimeout(() => setCopied(false), 2_000);
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap items-center gap-1">
          <li><Link href="/funds" className={linkClass}>Funds</Link> /</li>
          <li><Link href={`${fundHref}${search}`} className={linkClass}>{fundName}</Link> /</li>
          <li aria-current="page" className="text-zinc-700 dark:text-zinc-300">{investorName}</li>
        </ol>
      </nav>
      <div className="ml-auto flex items-center gap-2">
        {neighbours?.position ? <span className="text-sm text-zinc-600 dark:text-zinc-400">{neighbours.position}</span> : null}
        {neighbours?.previous ? (
          <Link href={hrefOf(neighbours.previous.id)} className={buttonClass} rel="prev">Previous</Link>
        ) : (
          <span aria-disabled="true" className={`${buttonClass} opacity-50`}>Previous</span>
        )}
        {neighbours?.next ? (
          <Link href={hrefOf(neighbours.next.id)} className={buttonClass} rel="next">Next</Link>
        ) : (
          <span aria-disabled="true" className={`${buttonClass} opacity-50`}>Next</span>
        )}
        <button type="button" onClick={() => void copyLink()} className={buttonClass}>
          {copied ? "Link copied" : "Copy link"}
        </button>
      </div>
    </div>
  );
}
