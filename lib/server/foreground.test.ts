import { afterEach, describe, expect, it, vi } from "vitest";
import { foregroundQuiet, requestEnded, requestStarted, requestsRunning } from "./foreground.mjs";

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

describe("background work waits for people's requests", () => {
  afterEach(() => {
    while (requestsRunning() > 0) requestEnded();
    vi.useRealTimers();
  });

  it("goes at once when no request runs", async () => {
    vi.useFakeTimers();
    expect(await settled(foregroundQuiet())).toBe(true);
  });

  it("waits while requests run and goes when the last one ends", async () => {
    vi.useFakeTimers();
    requestStarted();
    requestStarted();
    const quiet = foregroundQuiet(5_000);
    expect(await settled(quiet)).toBe(false);
    requestEnded();
    await vi.advanceTimersByTimeAsync(100);
    expect(await settled(quiet)).toBe(false);
    requestEnded();
    expect(await settled(quiet)).toBe(true);
  });

  it("goes after its longest wait while requests keep running, so it is slowed, never stopped", async () => {
    vi.useFakeTimers();
    requestStarted();
    const quiet = foregroundQuiet(1_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(quiet)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(quiet)).toBe(true);
    expect(requestsRunning()).toBe(1);
  });
});
