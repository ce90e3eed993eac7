import Link from "next/link";
import { Panel } from "@/components/ui/panel";
import { fundChangesSearch } from "@/lib/changes/search-params";
import type { FundChanges } from "@/lib/changes/types";
import { sinceLabel } from "@/lib/table/since";
import { FundChangesBody } from "./fund-changes-body";
import { countOf } from "@/lib/values/count";

interface FundChangesPanelProps {
  fundId: string;
  since: string;
  changes?: FundChanges | null;
  error?: string;
}

const spans = ["1d", "7d", "30d"] as const;
const linkClass = "font-medium text-blue-700 hover:underline dark:text-blue-300";

/** The fund's changes since a moment, between two kept reads; rendered on the server, streamed under Suspense. */
export function FundChangesPanel({ fundId, since, changes, error }: FundChangesPanelProps) {
  const fundPath = `/funds/${encodeURIComponent(fundId)}`;
  const changed = changes?.investors.filter((investor) => investor.change !== "removed").length ?? 0;
  return (
    <Panel title="Changes" className="lg:col-span-2">
      <nav aria-label="Changes since" className="mb-2 flex gap-3 text-sm">
        {spans.map((span) => (
          <Link
            key={span}
            href={`${fundPath}${fundChangesSearch(span)}`}
            aria-current={span === since ? "true" : undefined}
            className={span === since ? "font-semibold" : linkClass}
          >
            Since {sinceLabel(span)}
          </Link>
        ))}
      </nav>
      {error ? (
        <p role="alert">{error}</p>
      ) : changes === undefined ? (
        <p role="status">Comparing the kept reads…</p>
      ) : changes === null ? (
        <p>No read of this fund&apos;s investors has been kept yet.</p>
      ) : (
        <>
          <FundChangesBody changes={changes} />
          {changed > 0 ? (
            <p className="mt-2 text-sm">
              <Link href={`${fundPath}?changed=${encodeURIComponent(since)}`} className={linkClass}>
                Show the {countOf(changed, "investor")} added or changed in the table
              </Link>
            </p>
          ) : null}
        </>
      )}
    </Panel>
  );
}
