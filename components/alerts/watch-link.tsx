import Link from "next/link";
import { watchHref } from "@/lib/alerts/search-params";

interface WatchLinkProps {
  fundId: string;
  investorId?: string;
  /** What is watched, for the link's accessible name: "this fund", "this investor". */
  what: string;
}

/** "Watch": /alerts with the form set to this fund (or this investor of it). */
export function WatchLink({ fundId, investorId, what }: WatchLinkProps) {
  return (
    <Link
      href={watchHref(fundId, investorId)}
      aria-label={`Watch ${what}: get alerts when it changes`}
      className="inline-flex min-h-9 items-center rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
    >
      Watch
    </Link>
  );
}
