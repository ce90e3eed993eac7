/** Counts events per key in a sliding window; `limited` once `limit` events happened within `windowMs`. */
export function createRateLimiter(limit: number, windowMs: number) {
  const events = new Map<string, number[]>();

  function recent(key: string, now: number): number[] {
    const kept = (events.get(key) ?? []).filter((time) => now - time < windowMs);
    if (kept.length > 0) events.set(key, kept);
    else events.delete(key);
    return kept;
  }

  return {
    limited(key: string, now = Date.now()): boolean {
      return recent(key, now).length >= limit;
    },
    record(key: string, now = Date.now()): void {
      events.set(key, [...recent(key, now), now]);
    },
    /** Seconds until the oldest event in the window expires. */
    retryAfter(key: string, now = Date.now()): number {
      const oldest = recent(key, now)[0];
      return oldest === undefined ? 0 : Math.ceil((oldest + windowMs - now) / 1000);
    },
  };
}
