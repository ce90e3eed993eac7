import { BrokenCircuitError, circuitBreaker, ConsecutiveBreaker, handleAll } from "cockatiel";
import { CustomerApiError, messages } from "./errors";

export interface BreakerOptions {
  /** Consecutive failed calls (after their retries) that open the circuit. */
  threshold: number;
  /** How long an open circuit refuses calls before letting one trial through. */
  cooldownMs: number;
}

const tripping = new Set(["upstream_failure", "timeout"]);

/** An answer that shows the upstream is up (a 404, a 401): passed through the breaker as a success. */
class Answered {
  constructor(readonly error: unknown) {}
}

/**
 * A circuit breaker (cockatiel's): after repeated upstream failures, calls are refused at once (503 with Retry-After)
 * instead of piling up behind a dead upstream; after the cooldown one trial call decides whether to close.
 */
export function createBreaker({ threshold, cooldownMs }: BreakerOptions) {
  const breaker = circuitBreaker(handleAll, { halfOpenAfter: cooldownMs, breaker: new ConsecutiveBreaker(threshold) });
  let openedAt = 0;
  breaker.onBreak(() => (openedAt = Date.now()));

  return async function guarded<T>(call: () => Promise<T>): Promise<T> {
    let outcome: T | Answered;
    try {
      outcome = await breaker.execute(() =>
        call().catch((error: unknown) => {
          if (error instanceof CustomerApiError && tripping.has(error.kind)) throw error;
          return new Answered(error);
        }),
      );
    } catch (error) {
      if (!(error instanceof BrokenCircuitError)) throw error;
      const seconds = Math.max(1, Math.ceil((openedAt + cooldownMs - Date.now()) / 1000));
      throw new CustomerApiError("circuit_open", messages.circuitOpen(seconds), undefined, seconds);
    }
    if (outcome instanceof Answered) throw outcome.error;
    return outcome;
  };
}
