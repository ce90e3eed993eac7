import "server-only";
import { createHash } from "node:crypto";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { ServiceUnavailable } from "../http/errors";
import { logLine } from "../server/log";
import { type SharedStore, sharedStore } from "../server/shared-store";
import { type Limiter, type LimiterOptions, memoryLimiter } from "./limiter";

// Retry-After of a limit that cannot be checked: about how long Redis takes to come back from a restart.
const unreachableRetrySeconds = 5;

function unreachable(name: string, error: unknown): ServiceUnavailable {
  logLine("shared_limit_unavailable", { limit: name, reason: error instanceof Error ? error.message : String(error) });
  return new ServiceUnavailable(
    "The dashboard cannot check its limits right now. Try again in a moment.",
    unreachableRetrySeconds,
  );
}

// Keys name no person: an email or an address becomes a digest before it reaches the shared store.
const digest = (key: string) => createHash("sha256").update(key).digest("base64url");

/**
 * A Limiter in Redis (rate-limiter-flexible's fixed window, one atomic script per take), so every instance counts
 * the same attempts. Each key expires with its window. A take that cannot reach Redis is a 503, never a pass.
 */
export function redisLimiter(store: SharedStore, name: string, { limit, windowMs }: LimiterOptions): Limiter {
  const limiter = new RateLimiterRedis({
    storeClient: store.client,
    keyPrefix: `limit:${name}`,
    points: limit,
    duration: Math.max(1, Math.round(windowMs / 1000)),
    rejectIfRedisNotReady: true,
  });
  const seconds = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return {
    async take(key) {
      try {
        const res = await limiter.consume(digest(key));
        return { allowed: true, used: res.consumedPoints, retryAfterSeconds: seconds(res) };
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw unreachable(name, error);
        // A refused take is counted by the store too; what was used is the limit.
        return { allowed: false, used: Math.min(error.consumedPoints, limit), retryAfterSeconds: seconds(error) };
      }
    },
    async give(key) {
      // Not giving back only leaves an attempt counted until its window ends: safe, so no 503 for it.
      await limiter.reward(digest(key)).catch((error: unknown) => void unreachable(name, error));
    },
    async used(key) {
      try {
        return (await limiter.get(digest(key)))?.consumedPoints ?? 0;
      } catch (error) {
        throw unreachable(name, error);
      }
    },
  };
}

/** A limit every instance shares when REDIS_URL is set; else this process's own, as for a single instance. */
export function sharedLimiter(name: string, options: LimiterOptions): Limiter {
  const store = sharedStore();
  return store ? redisLimiter(store, name, options) : memoryLimiter(options);
}
