import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageError } from "@/components/layout/page-error";
import { FileLinks } from "@/components/statements/file-links";
import { PeriodPicker } from "@/components/statements/period-picker";
import { StatementsTable } from "@/components/statements/statements-table";
import { TieOutPanel } from "@/components/statements/tie-out-panel";
import { requireUser } from "@/lib/auth/session";
import { readInPlace } from "@/lib/data/prefetch";
import { readTime } from "@/lib/statements/lines";
import { pagePeriod, periodSearch, statementsPageCache, statementsPageSearch } from "@/lib/statements/search-params";
import { fundStatementsPage, statementsPageSize } from "@/lib/statements/server/fund-page";
import { countOf } from "@/lib/values/count";
import { isFundRef } from "@/lib/values/fund-ref";

export const metadata: Metadata = { title: "Statements" };

const linkClass = "font-medium text-blue-700 hover:underline dark:text-blue-300";
const pagerClass = `inline-flex min-h-9 items-center ${linkClass}`;

/** A fund's capital account statements for a period: every investor, the tie-out, and the batch downloads. */
export default async function FundStatementsPage({ params, searchParams }: PageProps<"/funds/[fundId]/statements">) {
  const { fundId } = await params;
  if (!isFundRef(fundId)) notFound();
  const query = await statementsPageCache().parse(searchParams);
  const now = new Date();
  const period = pagePeriod(query, now);
  const view = { sort: query.sort, page: query.page };
  const { value, failure } = await readInPlace(async () =>
    fundStatementsPage(await requireUser(), fundId, period, view, now),
  );
  if (failure?.kind === "fund_not_found") notFound();
  const fundPath = `/funds/${encodeURIComponent(fundId)}`;
  const files = `/api${fundPath}/statements`;
  const search = periodSearch(period);
  const pages = value ? Math.max(1, Math.ceil(value.investors / statementsPageSize)) : 1;
  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href="/funds" className={linkClass}>
          Funds
        </Link>{" "}
        /{" "}
        <Link href={fundPath} className={linkClass}>
          {value?.fundName ?? "Fund"}
        </Link>{" "}
        / Statements
      </nav>
      <h1 className="text-2xl font-semibold tracking-tight">Statements, {period.label}</h1>
      <PeriodPicker period={period} action={`${fundPath}/statements`} now={now} />
      {value ? (
        <>
          <p className="text-sm">
            {countOf(value.investors, "investor")} · opening read {readTime(value.opening.readAt)}
            {value.opening.late ? " (late: the store holds no read of the fund before the period's start)" : ""} ·
            closing read {readTime(value.closing.readAt)}
            {value.ongoing ? " (the period is not over: it closes on the newest read so far)" : ""}
          </p>
          <FileLinks
            label={`Every statement, ${period.label}`}
            files={[
              { label: "Every statement (.zip of PDFs)", href: `${files}.zip${search}` },
              { label: "CSV", href: `${files}.csv${search}` },
              { label: "Excel (.xlsx)", href: `${files}.xlsx${search}` },
            ]}
          />
          <TieOutPanel checks={value.checks} left={value.sums.left.investors} joined={value.sums.joined} />
          <StatementsTable fundId={fundId} period={period} view={view} rows={value.rows} />
          {pages > 1 ? (
            <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
              {view.page > 1 ? (
                <Link
                  href={`${fundPath}/statements${statementsPageSearch(period, { ...view, page: view.page - 1 })}`}
                  className={pagerClass}
                >
                  Previous page
                </Link>
              ) : null}
              <span>
                Page {view.page} of {pages}
              </span>
              {view.page < pages ? (
                <Link
                  href={`${fundPath}/statements${statementsPageSearch(period, { ...view, page: view.page + 1 })}`}
                  className={pagerClass}
                >
                  Next page
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      ) : (
        <PageError message={failure.message} />
      )}
    </div>
  );
}
