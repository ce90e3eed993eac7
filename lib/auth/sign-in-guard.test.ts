import { afterAll, describe, expect, it } from "vitest";
import { connectStore, type SharedStore } from "../server/shared-store";
import { testPrefix, testRedisUrl } from "../testing/test-redis";
import { memoryLimiter } from "./limiter";
import { redisLimiter } from "./shared-limiter";
import { guardedSignIn, slowdownMs, type SignInLimits } from "./sign-in-guard";

const windowMs = 300_000;
function limits(): SignInLimits {
  return {
    accountAtAddress: memoryLimiter({ limit: 5, windowMs }),
    address: memoryLimiter({ limit: 5, windowMs }),
    account: memoryLimiter({ limit: 1_000_000, windowMs }),
  };
}
const noSleep = async () => undefined;
const wrong = async () => null;
const right = async () => ({ email: "olive@example.com" });

describe("guardedSignIn", () => {
  it("refuses the 6th failure for an account from one address with 429 and Retry-After", async () => {
    const l = limits();
    for (let i = 0; i < 5; i++)
      expect(await guardedSignIn("olive@example.com", "10.0.0.1", wrong, l, noSleep)).toBeNull();
    await expect(guardedSignIn("olive@example.com", "10.0.0.1", right, l, noSleep)).rejects.toMatchObject({
      name: "TooManyRequests",
      retryAfterSeconds: expect.any(Number),
    });
  });

  it("refuses the 6th failure from one address across accounts", async () => {
    const l = limits();
    for (let i = 0; i < 5; i++) await guardedSignIn(`spray-${i}@example.com`, "10.0.0.2", wrong, l, noSleep);
    await expect(guardedSignIn("other@example.com", "10.0.0.2", wrong, l, noSleep)).rejects.toMatchObject({
      name: "TooManyRequests",
    });
  });

  it("lets no more than 5 of 12 concurrent wrong passwords reach the password check", async () => {
    const l = limits();
    let checks = 0;
    const slowWrong = async () => {
      checks += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return null;
    };
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => guardedSignIn("olive@example.com", "10.0.0.3", slowWrong, l, noSleep)),
    );
    expect(checks).toBe(5);
    expect(results.filter((result) => result.status === "rejected")).toHaveLength(7);
  });

  it("slows an account failed from many addresses, but its owner's right password from a clean address still signs in", async () => {
    const l = limits();
    for (let i = 0; i < 8; i++) await guardedSignIn("olive@example.com", `10.1.0.${i}`, wrong, l, noSleep);
    const slept: number[] = [];
    const user = await guardedSignIn("olive@example.com", "192.0.2.7", right, l, async (ms) => void slept.push(ms));
    expect(user).toEqual({ email: "olive@example.com" });
    expect(slept).toEqual([slowdownMs(8)]);
    expect(slowdownMs(8)).toBeGreaterThan(0);
  });

  it("does not count a success: a person who signs in keeps their allowance", async () => {
    const l = limits();
    for (let i = 0; i < 10; i++)
      expect(await guardedSignIn("olive@example.com", "10.0.0.4", right, l, noSleep)).not.toBeNull();
    expect(await l.address.used("10.0.0.4")).toBe(0);
  });

  it("grows the delay and caps it", () => {
    expect([4, 5, 6, 7, 20].map(slowdownMs)).toEqual([0, 250, 500, 1_000, 4_000]);
  });
});

describe("guardedSignIn on several instances (limits in Redis)", () => {
  const stores: SharedStore[] = [];
  afterAll(() => stores.forEach((store) => store.client.disconnect()));
  const redisLimits = (url: string, prefix: string): SignInLimits => {
    const store = connectStore(url, prefix);
    stores.push(store);
    return {
      accountAtAddress: redisLimiter(store, "pair", { limit: 5, windowMs }),
      address: redisLimiter(store, "address", { limit: 5, windowMs }),
      account: redisLimiter(store, "account", { limit: 1_000_000, windowMs }),
    };
  };

  it("refuses the 6th failure for one account however the attempts are spread over the instances", async () => {
    const prefix = testPrefix();
    const instances = [redisLimits(testRedisUrl(), prefix), redisLimits(testRedisUrl(), prefix)];
    await Promise.all(stores.map((store) => store.connected(2_000)));
    for (let i = 0; i < 5; i++)
      expect(await guardedSignIn("olive@example.com", "10.2.0.1", wrong, instances[i % 2]!, noSleep)).toBeNull();
    await expect(guardedSignIn("olive@example.com", "10.2.0.1", right, instances[1]!, noSleep)).rejects.toMatchObject({
      name: "TooManyRequests",
    });
  });

  it("answers 503 without checking the password when the limits cannot be reached", async () => {
    let checks = 0;
    const check = async () => (checks++, { email: "olive@example.com" });
    await expect(
      guardedSignIn("olive@example.com", "10.2.0.2", check, redisLimits("redis://127.0.0.1:1", testPrefix()), noSleep),
    ).rejects.toMatchObject({ name: "ServiceUnavailable", status: 503 });
    expect(checks).toBe(0);
  });
});
