import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit";

describe("createRateLimiter", () => {
  it("limits after 5 events within 5 minutes, and forgets them after", () => {
    const limiter = createRateLimiter(5, 300_000);
    for (let i = 0; i < 5; i++) {
      expect(limiter.limited("a", i)).toBe(false);
      limiter.record("a", i);
    }
    expect(limiter.limited("a", 10)).toBe(true);
    expect(limiter.limited("b", 10)).toBe(false);
    expect(limiter.retryAfter("a", 10)).toBe(300);
    expect(limiter.limited("a", 300_001)).toBe(false);
  });
});
