import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { connectStore, type SharedStore } from "../server/shared-store";
import { testPrefix, testRedisUrl } from "../testing/test-redis";
import { redisLimiter } from "./shared-limiter";

// Two stores on one Redis are two instances of the dashboard behind a load balancer.
const prefix = testPrefix();
const stores: SharedStore[] = [];
async function instance(url = testRedisUrl()): Promise<SharedStore> {
  const store = connectStore(url, prefix);
  stores.push(store);
  await store.connected(2_000);
  return store;
}
afterAll(() => stores.forEach((store) => store.client.disconnect()));

describe("redisLimiter", () => {
  it("counts the takes of every instance against one limit, refusing the next with Retry-After", async () => {
    const [a, b] = [await instance(), await instance()];
    const options = { limit: 5, windowMs: 300_000 };
    const onA = redisLimiter(a, "shared", options);
    const onB = redisLimiter(b, "shared", options);
    for (let i = 1; i <= 5; i++)
      expect(await (i % 2 ? onA : onB).take("olive")).toMatchObject({ allowed: true, used: i });
    const refused = await onB.take("olive");
    expect(refused).toMatchObject({ allowed: false, used: 5 });
    expect(refused.retryAfterSeconds).toBeGreaterThan(200);
    expect((await onA.take("otto")).allowed).toBe(true);
    await onA.give("olive");
    expect(await onB.used("olive")).toBe(5);
  });

  it("lets no more than the limit through when both instances take at once", async () => {
    const [a, b] = [await instance(), await instance()];
    const limiters = [
      redisLimiter(a, "race", { limit: 5, windowMs: 60_000 }),
      redisLimiter(b, "race", { limit: 5, windowMs: 60_000 }),
    ];
    const decisions = await Promise.all(Array.from({ length: 12 }, (_, i) => limiters[i % 2]!.take("account")));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
  });

  it("writes each key under the prefix, naming no person, with an expiry", async () => {
    const store = await instance();
    await redisLimiter(store, "keys", { limit: 5, windowMs: 60_000 }).take("olive@example.com\n10.0.0.1");
    const raw = new Redis(testRedisUrl());
    const keys = await raw.keys(`${prefix}limit:keys:*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toMatch(/olive|10\.0\.0\.1/);
    const ttl = await raw.pttl(keys[0]!);
    raw.disconnect();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it("answers 503 when Redis cannot be reached, never an unlimited pass; giving back does not fail", async () => {
    // Nothing listens on port 1: the store never connects.
    const store = connectStore("redis://127.0.0.1:1", prefix);
    stores.push(store);
    const limiter = redisLimiter(store, "down", { limit: 5, windowMs: 60_000 });
    await expect(limiter.take("olive")).rejects.toMatchObject({ name: "ServiceUnavailable", status: 503 });
    await expect(limiter.used("olive")).rejects.toMatchObject({ status: 503 });
    await expect(limiter.give("olive")).resolves.toBeUndefined();
  });
});
