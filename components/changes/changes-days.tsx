import Link from "next/link";
import type { OrganizationChanges } from "@/lib/changes/types";
import { readDay } from "@/lib/table/since";
import { formatCount } from "@/lib/values/format";
import { FundChangesBody } from "./fund-changes-body";

const linkClass = "font-medium text-blue-700 hover:underline dark:text-blue-300";

/** A page's changes: each day (newest first), its funds by name, a fund cut across pages saying which part it is. */
export function ChangesDays({ days }: { days: OrganizationChanges["days"] }) {
  return days.map((day) => (
    <section key={day.day} aria-labelledby={`day-${day.day}`} className="space-y-3">
      <h2 id={`day-${day.day}`} className="text-lg font-semibold">
        {readDay(`${day.day}T00:00:00Z`)}
      </h2>
      {day.funds.map((fund) => (
        <article
          key={fund.fund.id}
          data-fund={fund.fund.id}
          className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
        >
          <h3 className="mb-1 font-medium">
            <Link href={`/funds/${encodeURIComponent(fund.fund.id)}`} className={linkClass}>
              {fund.fund.name}
            </Link>
          </h3>
          {fund.part ? (
            <p data-part className="text-sm text-zinc-600 dark:text-zinc-400">
              Investors {formatCount(fund.part.from + 1)}–{formatCount(fund.part.to)} of {formatCount(fund.part.of)}
              {fund.part.to < fund.part.of ? ", continued on the next page" : ""}
            </p>
          ) : null}
          <FundChangesBody changes={fund} />
        </article>
      ))}
    </section>
  ));
}
