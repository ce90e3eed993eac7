import type { Metadata } from "next";
import { ChangesDays } from "@/components/changes/changes-days";
import { ChangesFilters, FundChoices } from "@/components/changes/changes-filters";
import { ChangesPager } from "@/components/changes/changes-pager";
import { CsvButton } from "@/components/data-table/csv-button";
import { PageError } from "@/components/layout/page-error";
import { TablePageHeading } from "@/components/views/table-page-heading";
import { requireUser } from "@/lib/auth/session";
import { differenceText, fieldLabel } from "@/lib/changes/labels";
import { changesViewCache, changesViewSearch } from "@/lib/changes/search-params";
import { organizationChanges } from "@/lib/changes/server/changes";
import { readInPlace } from "@/lib/data/prefetch";
import { readDay, readInstant } from "@/lib/table/since";
import { countOf } from "@/lib/values/count";
import { openDefaultView } from "@/lib/views/server/open";

export const metadata: Metadata = { title: "What changed" };

export default async function ChangesPage({ searchParams }: PageProps<"/changes">) {
  await openDefaultView("/changes", await searchParams);
  const view = await changesViewCache().parse(searchParams);
  const { value, failure } = await readInPlace(async () => organizationChanges(await requireUser(), view));
  return (
    <>
      <TablePageHeading title="What changed" page="/changes" />
      <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
        Every fund&apos;s newest kept read at or before the moment, compared with its newest read now.
      </p>
      <ChangesFilters view={view} />
      {failure ? (
        <PageError message={failure.message} />
      ) : (
        <div className="space-y-6">
          <p data-compared>
            Since {readInstant(value.since)}: {countOf(value.compared, "fund")} compared.{" "}
            <CsvButton url={`/api/changes.csv${changesViewSearch(view)}`} label="Download the changes (CSV)" />
          </p>
          {value.withoutHistory.length > 0 ? (
            <p data-without-history>
              {countOf(value.withoutHistory.length, "fund has", "funds have")} no kept read at that moment:{" "}
              {value.withoutHistory
                .map(
                  (fund) =>
                    `${fund.name} (${fund.historyStartsAt ? `history starts ${readDay(fund.historyStartsAt)}` : "never read"})`,
                )
                .join(", ")}
            </p>
          ) : null}
          {Object.keys(value.totals).length > 0 ? (
            <ul aria-label="Sums of the differences" className="text-sm">
              {Object.entries(value.totals).map(([field, total]) => (
                <li key={field} data-total={field}>
                  {fieldLabel(field)}: {differenceText(field, total)}
                </li>
              ))}
            </ul>
          ) : null}
          {value.days.length === 0 && value.page.number === 1 ? <p data-no-changes>No changes in this view.</p> : null}
          <ChangesDays days={value.days} />
          <ChangesPager view={view} page={value.page} />
          <FundChoices funds={value.funds} />
        </div>
      )}
    </>
  );
}
