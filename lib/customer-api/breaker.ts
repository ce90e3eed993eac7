import { CustomerApiError, messages } from "./errors";

export interface BreakerOptions {
  /** Consecutive failed calls (after their retries) that open the circuit. */
  threshold: number;
  /** How long an open circuit refuses calls before letting one trial through. */
  cooldownMs: number;
  now?: () => number;
}

const tripping = new Set(["upstream_failure", "timeout"]);

/**
 * A circuit breaker: after repeated upstream failures, calls are refused at once (503 with Retry-After)
 * instead of piling up behind a dead upstream; after the cooldown one trial call decides whether to close.
 */
export function createBreaker({ threshold, cooldownMs, now = Date.now }: BreakerOptions) {
  let failures = 0;
  let openUntil = 0;
  let trialInFlight = false;

  return async function guarded<T>(call: () => Promise<T>): Promise<T> {
    const time = now();
    if (failures >= threshold && (time < openUntil || trialInFlight)) {
      const seconds = Math.max(1, Math.ceil((openUntil - time) / 1000));
      throw new CustomerApiError("circuit_open", messages.circuitOpen(seconds), undefined, seconds);
    }
    const trial = failures >= threshold;
    if (trial) trialInFlight = true;
    try {
      const result = await call();
      failures = 0;
      return result;
    } catch (error) {
      if (error instanceof CustomerApiError && tripping.has(error.kind)) {
        failures += 1;
        if (failures >= threshold) openUntil = now() + cooldownMs;
      } else if (error instanceof CustomerApiError) {
        failures = 0; // the upstream answered sensibly (a 404, a 401): it is up
      }
      throw error;
    } finally {
      if (trial) trialInFlight = false;
    }
  };
}
