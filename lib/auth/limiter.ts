import { LRUCache } from "lru-cache";

export interface LimitDecision {
  allowed: boolean;
  /** Taken in the current window, this attempt included when allowed. */
  used: number;
  /** Whole seconds until the window ends (at least 1 when refused). */
  retryAfterSeconds: number;
}

/**
 * A fixed-window allowance per key. `take` reserves before the work it guards, so concurrent attempts cannot
 * exceed the limit; `give` returns a reservation that turned out not to count (a sign-in that succeeded).
 */
export interface Limiter {
  take(key: string): Promise<LimitDecision>;
  give(key: string): Promise<void>;
  used(key: string): Promise<number>;
}

export interface LimiterOptions {
  limit: number;
  windowMs: number;
  /** Most keys held at once; the least recently used go first, so a flood of keys cannot grow memory. */
  maxKeys?: number;
}

interface Window {
  count: number;
  resetAt: number;
}

/** An in-process Limiter: entries expire with their window and the number of keys is capped. */
export function memoryLimiter({ limit, windowMs, maxKeys = 50_000 }: LimiterOptions, now = () => Date.now()): Limiter {
  const windows = new LRUCache<string, Window>({ max: maxKeys, ttl: windowMs, perf: { now } });
  const current = (key: string): Window => {
    const window = windows.get(key);
    return window && window.resetAt > now() ? window : { count: 0, resetAt: now() + windowMs };
  };
  const keep = (key: string, window: Window) => windows.set(key, window, { ttl: Math.max(1, window.resetAt - now()) });
  const seconds = (window: Window) => Math.max(1, Math.ceil((window.resetAt - now()) / 1000));
  return {
    async take(key) {
      const window = current(key);
      if (window.count >= limit) return { allowed: false, used: window.count, retryAfterSeconds: seconds(window) };
      window.count += 1;
      keep(key, window);
      return { allowed: true, used: window.count, retryAfterSeconds: seconds(window) };
    },
    async give(key) {
      const window = windows.get(key);
      if (window && window.count > 0) window.count -= 1;
    },
    async used(key) {
      return current(key).count;
    },
  };
}
