import { describe, expect, it } from "vitest";
import { memoryLimiter } from "./limiter";

describe("memoryLimiter", () => {
  it("allows `limit` takes per window, refuses the next with Retry-After, and forgets after the window", async () => {
    let now = 0;
    const limiter = memoryLimiter({ limit: 5, windowMs: 300_000 }, () => now);
    for (let i = 1; i <= 5; i++) expect(await limiter.take("a")).toMatchObject({ allowed: true, used: i });
    expect(await limiter.take("a")).toEqual({ allowed: false, used: 5, retryAfterSeconds: 300 });
    expect((await limiter.take("b")).allowed).toBe(true);
    now = 299_000;
    expect((await limiter.take("a")).retryAfterSeconds).toBe(1);
    now = 300_001;
    expect(await limiter.take("a")).toMatchObject({ allowed: true, used: 1 });
  });

  it("never lets concurrent takes past the limit", async () => {
    const limiter = memoryLimiter({ limit: 5, windowMs: 60_000 });
    const decisions = await Promise.all(Array.from({ length: 12 }, () => limiter.take("account")));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
  });

  it("gives back a reservation", async () => {
    const limiter = memoryLimiter({ limit: 1, windowMs: 60_000 });
    await limiter.take("a");
    await limiter.give("a");
    expect((await limiter.take("a")).allowed).toBe(true);
    expect(await limiter.used("a")).toBe(1);
  });

  it("holds at most maxKeys keys, dropping the least recently used", async () => {
    const limiter = memoryLimiter({ limit: 1, windowMs: 60_000, maxKeys: 100 });
    await limiter.take("target");
    for (let i = 0; i < 1_000; i++) {
      await limiter.take(`junk-${i}`);
      if (i % 10 === 0) await limiter.take("target");
    }
    expect(await limiter.used("junk-0")).toBe(0);
    expect((await limiter.take("target")).allowed).toBe(false);
  });
});
