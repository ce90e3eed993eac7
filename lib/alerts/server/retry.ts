import "server-only";

// When a failed webhook is tried again: the Standard Webhooks schedule (at once, then after 5 s, 5 min, 30 min, 2 h,
// 5 h, 10 h and 10 h), each wait up to a tenth longer at random so failed deliveries do not return in step, and
// never sooner than the receiver's Retry-After. Email follows the same schedule.

const second = 1_000;
const minute = 60 * second;
const hour = 60 * minute;

/** The wait before attempt n + 1 after attempt n failed (index n - 1); after the last, none. */
export const retrySchedule = [5 * second, 5 * minute, 30 * minute, 2 * hour, 5 * hour, 10 * hour, 10 * hour] as const;

/** Attempts in all, the first included. */
export const maxAttempts = retrySchedule.length + 1;

/** The longest Retry-After honoured: a receiver cannot park a delivery for longer than the schedule's end. */
const longestRetryAfter = 24 * hour;

/** A Retry-After header's wait in ms (seconds, or an HTTP date), or null. */
export function retryAfterMs(header: string | null | undefined, now: number): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * second, longestRetryAfter);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.min(Math.max(0, at - now), longestRetryAfter);
}

/** When attempt `attempts + 1` is due after `attempts` failed; null when that was the last. */
export function nextAttemptAt(
  attempts: number,
  now: number,
  retryAfter: number | null = null,
  random: () => number = Math.random,
): number | null {
  const wait = retrySchedule[attempts - 1];
  if (wait === undefined) return null;
  const jittered = Math.round(wait * (1 + random() / 10));
  return now + Math.max(jittered, retryAfter ?? 0);
}
