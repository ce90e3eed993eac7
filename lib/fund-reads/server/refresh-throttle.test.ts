import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { testPrefix, testRedisUrl } from "../../testing/test-redis";

const env = vi.hoisted(() => ({}) as Record<string, unknown>);
vi.mock("../../server/env", async (original) => ({
  ...(await original<typeof import("../../server/env")>()),
  serverEnv: () => env,
}));
const { mayRefresh } = await import("./refresh-throttle");
const { sharedStore } = await import("../../server/shared-store");

const fundId = "11111111-1111-4111-8111-111111111111";
// Each instance holds its own copy of the list, read at its own time.
const heldList = (startedAt: number) => ({ startedAt });
const storeKey = Symbol.for("fund-explorer.shared-store");
const useStore = async (url: string | undefined, waitMs = 2_000) => {
  sharedStore()?.client.disconnect();
  (globalThis as Record<symbol, unknown>)[storeKey] = undefined;
  Object.assign(env, { INVESTOR_LIST_REFRESH_SECONDS: 1, REDIS_URL: url, REDIS_KEY_PREFIX: testPrefix() });
  await sharedStore()?.connected(waitMs);
};
afterAll(() => sharedStore()?.client.disconnect());

describe("mayRefresh", () => {
  beforeEach(() => useStore(undefined));

  it("lets one Refresh of an instance's list through per interval, even two at once", async () => {
    const now = Date.now();
    const list = heldList(now - 5_000);
    expect(await Promise.all([mayRefresh(fundId, list, now), mayRefresh(fundId, list, now)])).toEqual([true, false]);
    expect(await mayRefresh(fundId, list, now + 500)).toBe(false);
    expect(await mayRefresh(fundId, list, now + 1_000)).toBe(true);
  });

  it("with Redis, holds back another instance's Refresh within the interval, then lets it through", async () => {
    await useStore(testRedisUrl());
    const now = Date.now();
    expect(await mayRefresh(fundId, heldList(now - 5_000), now)).toBe(true);
    const elsewhere = heldList(now - 5_000);
    expect(await mayRefresh(fundId, elsewhere, now)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await mayRefresh(fundId, elsewhere, Date.now())).toBe(true);
  });

  it("decides alone when Redis is unreachable: a Refresh is no security limit", async () => {
    await useStore("redis://127.0.0.1:1", 0);
    const now = Date.now();
    expect(await mayRefresh(fundId, heldList(now - 5_000), now)).toBe(true);
    expect(await mayRefresh(fundId, heldList(now - 500), now)).toBe(false);
  });
});
