import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBreaker } from "./breaker";
import { CustomerApiError } from "./errors";

const down = () => Promise.reject(new CustomerApiError("upstream_failure", "down", 503));
const up = () => Promise.resolve("ok");

async function kindOf(promise: Promise<unknown>) {
  return promise.then(
    () => "ok",
    (error: CustomerApiError) => error.kind,
  );
}

describe("circuit breaker", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: 0 }));
  afterEach(() => vi.useRealTimers());

  it("opens after 3 failures, refuses fast with Retry-After, then lets one trial through after the cooldown", async () => {
    const guarded = createBreaker({ threshold: 3, cooldownMs: 10_000 });
    for (let i = 0; i < 3; i++) expect(await kindOf(guarded(down))).toBe("upstream_failure");
    let calls = 0;
    const counted = () => ((calls += 1), up());
    const refused = await guarded(counted).catch((error: CustomerApiError) => error);
    expect((refused as CustomerApiError).kind).toBe("circuit_open");
    expect((refused as CustomerApiError).status).toBe(503);
    expect((refused as CustomerApiError).retryAfterSeconds).toBe(10);
    expect(calls).toBe(0);

    vi.setSystemTime(10_001);
    expect(await kindOf(guarded(down))).toBe("upstream_failure"); // the trial fails: open again
    expect(await kindOf(guarded(up))).toBe("circuit_open");
    vi.setSystemTime(20_002);
    expect(await kindOf(guarded(up))).toBe("ok"); // the trial succeeds: closed
    expect(await kindOf(guarded(up))).toBe("ok");
  });

  it("does not count answers that show the upstream is up (404, 401)", async () => {
    const guarded = createBreaker({ threshold: 2, cooldownMs: 10_000 });
    await kindOf(guarded(down));
    await kindOf(guarded(() => Promise.reject(new CustomerApiError("fund_not_found", "no", 404))));
    await kindOf(guarded(down));
    expect(await kindOf(guarded(up))).toBe("ok");
  });
});
