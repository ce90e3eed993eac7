import { parseTimestamp, utcDay } from "../values/format";

// "Changes since X" in the URL: a short span back from now, a UTC day, or an instant; resolved at request time.
const relativeDays = { "1d": 1, "7d": 7, "30d": 30 } as const;
const day = /^\d{4}-\d{2}-\d{2}$/;
// An instant must name its zone: "2026-11-18T02:00" alone would mean different moments to different people.
const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export type RelativeSince = keyof typeof relativeDays;

/** Whether the text is a `since` value the dashboard accepts: 1d, 7d, 30d, YYYY-MM-DD or an ISO timestamp with a zone. */
export function isSince(text: string): boolean {
  if (text in relativeDays) return true;
  if (!day.test(text) && !instant.test(text)) return false;
  const at = parseTimestamp(text);
  return at !== null && at.getUTCFullYear() >= 1970 && at.getUTCFullYear() <= 9999;
}

/** The moment a `since` value names, relative to `now` for 1d/7d/30d; a day is its start in UTC. */
export function sinceInstant(text: string, now: number = Date.now()): Date {
  const days = relativeDays[text as RelativeSince];
  if (days !== undefined) return new Date(now - days * 86_400_000);
  const at = isSince(text) ? parseTimestamp(text) : null;
  if (!at) throw new RangeError(`Not a since value: ${text.slice(0, 40)}`);
  return at;
}

/** "the last 7 days", "Nov 18, 2026", "Nov 18, 2026 02:00 UTC": a since value as a person reads it. */
export function sinceLabel(text: string): string {
  if (text in relativeDays) {
    const days = relativeDays[text as RelativeSince];
    return days === 1 ? "yesterday (24 hours)" : `${days} days ago`;
  }
  return day.test(text) ? readDay(sinceInstant(text)) : readInstant(sinceInstant(text));
}

// Made on first use, like formatDate's: a formatter with a time zone is costly to build in a phone's first script run.
let timeFormat: Intl.DateTimeFormat | undefined;
const times = () =>
  (timeFormat ??= new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }));

/** "Nov 20, 2026". */
export function readDay(at: Date | string): string {
  return utcDay(typeof at === "string" ? new Date(at) : at);
}

/** "Nov 18 02:00 UTC". */
export function readInstant(at: Date | string): string {
  return `${times()
    .format(typeof at === "string" ? new Date(at) : at)
    .replace(",", "")} UTC`;
}
