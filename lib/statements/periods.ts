// A statement's period: a quarter (`2026-Q3`), a year (`2026`) or any from/to dates, as whole UTC days. Browser-safe.

const dayMs = 86_400_000;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const quarterPattern = /^(\d{4})-Q([1-4])$/;
const yearPattern = /^(\d{4})$/;

/** A period as the statement reads it: `start` is the first day's 00:00 UTC; `end` the day after `to`, exclusive. */
export interface Period {
  /** What the URL and the files say: `2026-Q3`, `2026`, or `2026-07-01_2026-08-15`. */
  key: string;
  /** In words: "Q3 2026", "2026", "Jul 1, 2026 – Aug 15, 2026". */
  label: string;
  /** First and last day, YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  start: Date;
  end: Date;
}

/** A YYYY-MM-DD that names a real day (2026-02-30 does not), as its 00:00 UTC; null otherwise. */
export function dayStart(text: string): Date | null {
  const match = datePattern.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1900 ? date : null;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

function between(key: string, label: string, start: Date, lastDay: Date): Period {
  return { key, label, from: isoDay(start), to: isoDay(lastDay), start, end: new Date(lastDay.getTime() + dayMs) };
}

/** A quarter or a year by its key (`2026-Q3`, `2026`); null for anything else. */
export function namedPeriod(key: string): Period | null {
  const quarter = quarterPattern.exec(key);
  if (quarter) {
    const [year, q] = [Number(quarter[1]), Number(quarter[2])];
    if (year < 1900) return null;
    const start = new Date(Date.UTC(year, (q - 1) * 3, 1));
    const next = new Date(Date.UTC(year, q * 3, 1));
    return between(key, `Q${q} ${year}`, start, new Date(next.getTime() - dayMs));
  }
  const year = yearPattern.exec(key);
  if (year && Number(year[1]) >= 1900) {
    const y = Number(year[1]);
    return between(key, String(y), new Date(Date.UTC(y, 0, 1)), new Date(Date.UTC(y, 11, 31)));
  }
  return null;
}

/** Custom dates, `from` through `to` inclusive; null when either is not a real day or `to` comes first. */
export function datesPeriod(from: string, to: string): Period | null {
  const start = dayStart(from);
  const last = dayStart(to);
  if (!start || !last || last < start) return null;
  return between(`${from}_${to}`, `${dayLabel.format(start)} – ${dayLabel.format(last)}`, start, last);
}

/** A period's key back to the period: a quarter, a year or `from_to`. */
export function periodOfKey(key: string): Period | null {
  const dates = /^(\d{4}-\d{2}-\d{2})_(\d{4}-\d{2}-\d{2})$/.exec(key);
  return dates ? datesPeriod(dates[1]!, dates[2]!) : namedPeriod(key);
}

/** The quarter holding a moment. */
export function quarterOf(at: Date): Period {
  return namedPeriod(`${at.getUTCFullYear()}-Q${Math.floor(at.getUTCMonth() / 3) + 1}`)!;
}

/** The last `count` quarters that have ended by `now`, newest first. */
export function closedQuarters(now: Date, count = 4): Period[] {
  const quarters: Period[] = [];
  let current = quarterOf(now);
  for (let at = 0; at < count; at++) {
    current = quarterOf(new Date(current.start.getTime() - dayMs));
    quarters.push(current);
  }
  return quarters;
}

/** The quarter before the one `now` is in: the statements' default. */
export function lastClosedQuarter(now: Date): Period {
  return closedQuarters(now, 1)[0]!;
}

/** Whether the period has not ended by `now`: its closing read is the newest so far. */
export function isOngoing(period: Period, now: Date): boolean {
  return period.end.getTime() > now.getTime();
}
