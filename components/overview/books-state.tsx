import Link from "next/link";
import { Panel } from "@/components/ui/panel";
import { fundsViewUrl } from "@/lib/funds/search-params";
import type { BooksState as Counts } from "@/lib/overview/types";
import type { ReconciliationStatus } from "@/lib/reconciliation/types";
import { formatCount } from "@/lib/values/format";

// How many funds' lists tie out to their own figures; each count opens the Funds grid filtered to those funds.

const states: { status: ReconciliationStatus; label: string }[] = [
  { status: "ties", label: "Tie out" },
  { status: "differs", label: "Differ" },
  { status: "unread", label: "Not read yet" },
  { status: "failed", label: "Could not be read" },
];

export function BooksState({ counts, className }: { counts: Counts; className?: string }) {
  return (
    <Panel title="The books' state" className={className}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {states.map(({ status, label }) => (
          <li key={status}>
            <Link
              href={fundsViewUrl({ reconciliation: [status] })}
              className="block rounded-md border border-zinc-200 p-3 hover:border-blue-600 dark:border-zinc-800 dark:hover:border-blue-400"
            >
              <span className="block text-2xl font-semibold tabular-nums">{formatCount(String(counts[status]))}</span>
              <span className="text-sm text-blue-700 underline dark:text-blue-300">{label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
