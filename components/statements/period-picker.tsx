import { closedQuarters, type Period } from "@/lib/statements/periods";

interface PeriodPickerProps {
  period: Period;
  /** Where the forms go (the page itself): a plain GET, so the period is in the URL and the page works without JS. */
  action: string;
  now: Date;
}

const control = "min-h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";
const button =
  "min-h-9 rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800";

/** The period: one of the last closed quarters or years, or custom dates (UTC days, `to` inclusive). */
export function PeriodPicker({ period, action, now }: PeriodPickerProps) {
  const quarters = closedQuarters(now, 8);
  const thisYear = now.getUTCFullYear();
  const years = [thisYear, thisYear - 1, thisYear - 2].map(String);
  const named = [...quarters.map((quarter) => quarter.key), ...years];
  const custom = !named.includes(period.key);
  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
      <form method="get" action={action} className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-zinc-600 dark:text-zinc-400">Period</span>
          <select name="period" defaultValue={custom ? "" : period.key} className={control}>
            {custom ? <option value="">Custom dates</option> : null}
            <optgroup label="Closed quarters">
              {quarters.map((quarter) => (
                <option key={quarter.key} value={quarter.key}>
                  {quarter.label}
                </option>
              ))}
            </optgroup>
            <optgroup label="Years">
              {years.map((year) => (
                <option key={year} value={year}>
                  {year}
                  {Number(year) === thisYear ? " (so far)" : ""}
                </option>
              ))}
            </optgroup>
          </select>
        </label>
        <button type="submit" className={button}>
          Show
        </button>
      </form>
      <form method="get" action={action} className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-zinc-600 dark:text-zinc-400">From</span>
          <input type="date" name="from" required defaultValue={period.from} className={control} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-zinc-600 dark:text-zinc-400">To (inclusive)</span>
          <input type="date" name="to" required defaultValue={period.to} className={control} />
        </label>
        <button type="submit" className={button}>
          Show dates
        </button>
      </form>
    </div>
  );
}
