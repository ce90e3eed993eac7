import { kindLabels } from "@/lib/changes/labels";
import { type ChangesView } from "@/lib/changes/search-params";
import { changeKinds } from "@/lib/changes/types";

interface ChangesFiltersProps {
  view: ChangesView;
}

const fundChoicesId = "changes-fund-choices";

const field = "h-8 rounded border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900";

/** The view's filters as a plain GET form: the URL is the state, and no script is needed. */
export function ChangesFilters({ view }: ChangesFiltersProps) {
  // Top-aligned, so labels and fields line up whether or not a hint hangs beneath; Show sits one label line down.
  return (
    <form method="get" action="/changes" className="mb-4 flex flex-wrap items-start gap-3 text-sm" aria-label="Filters">
      <label className="flex flex-col">
        Since
        <input name="since" defaultValue={view.since} className={field} aria-describedby="since-help" />
        <span id="since-help" className="text-xs text-zinc-600 dark:text-zinc-400">
          1d, 7d, 30d, YYYY-MM-DD or an ISO time
        </span>
      </label>
      <label className="flex flex-col">
        Kind
        <select name="kind" defaultValue={view.kind[0] ?? ""} className={field}>
          <option value="">Every kind</option>
          {changeKinds.map((kind) => (
            <option key={kind} value={kind}>
              {kindLabels[kind]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col">
        Fund
        <input
          name="fund"
          list={fundChoicesId}
          defaultValue={view.fund ?? ""}
          className={field}
          placeholder="Every fund"
          aria-describedby="fund-help"
        />
        <span id="fund-help" className="text-xs text-zinc-600 dark:text-zinc-400">
          Type a fund&apos;s name to choose it
        </span>
      </label>
      <label className="flex flex-col">
        Investor
        <input name="q" type="search" defaultValue={view.q} className={field} placeholder="Name or id" />
      </label>
      <button
        type="submit"
        className="mt-5 h-8 rounded bg-zinc-900 px-3 font-medium text-white dark:bg-zinc-100 dark:text-zinc-900"
      >
        Show
      </button>
    </form>
  );
}

/** The fund filter's choices, every fund with changes in the view: after the changes, so they never hold them up. */
export function FundChoices({ funds }: { funds: { id: string; name: string }[] }) {
  return (
    <datalist id={fundChoicesId}>
      {funds.map((fund) => (
        <option key={fund.id} value={fund.id} label={fund.name} />
      ))}
    </datalist>
  );
}
