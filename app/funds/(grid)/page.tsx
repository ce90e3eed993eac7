import type { Metadata } from "next";
import { connection } from "next/server";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { FundsTable } from "@/components/funds/funds-table";
import { PageError } from "@/components/layout/page-error";
import { TablePageHeading } from "@/components/views/table-page-heading";
import { requireUser } from "@/lib/auth/session";
import { readInPlace } from "@/lib/data/prefetch";
import { readFunds } from "@/lib/fund-reads/server/funds";
import { fundGridRow } from "@/lib/funds/columns";
import { type FundsFirstScreen, fundsFirstScreen } from "@/lib/funds/first-screen";
import { fundViewCache } from "@/lib/funds/search-params";
import { reconciliationSummaries } from "@/lib/reconciliation/server/summaries";
import { openDefaultView } from "@/lib/views/server/open";

export const metadata: Metadata = { title: "Funds" };

/** The view's first screen of funds, each with its reconciliation line (none while the lines cannot be had). */
async function firstScreen(view: Parameters<typeof fundsFirstScreen>[1]): Promise<FundsFirstScreen> {
  const user = await requireUser();
  const [funds, lines] = await Promise.all([
    readFunds(user),
    // A failure here is the browser's to retry (it asks for the lines itself), not the page's.
    reconciliationSummaries(user).catch(() => null),
  ]);
  return fundsFirstScreen(
    funds.map((fund) => ({ ...fundGridRow(fund), reconciliation: lines?.funds[fund.id] })),
    view,
    Date.now(),
  );
}

export default async function FundsPage({ searchParams }: PageProps<"/funds">) {
  await connection();
  await openDefaultView("/funds", await searchParams);
  const view = await fundViewCache().parse(searchParams);
  const first = await readInPlace(() => firstScreen(view));
  return (
    <>
      <div className="mb-3">
        <TablePageHeading title="Funds" page="/funds" />
      </div>
      {first.failure ? (
        <PageError message={first.failure.message} />
      ) : (
        // URL state only where a table keeps it: pages without one do not load nuqs.
        <NuqsAdapter>
          <FundsTable first={first.value} />
        </NuqsAdapter>
      )}
    </>
  );
}
