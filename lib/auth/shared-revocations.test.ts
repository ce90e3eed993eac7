import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type RunningRedis, startRedis } from "../../scripts/redis-server.mjs";
import { connectStore, type SharedStore } from "../server/shared-store";
import { testPrefix, testRedisUrl } from "../testing/test-redis";
import { revocationChannel, revocationKeys, storeUserRevocation } from "./revocation-store.mjs";
import { createSharedRevocations } from "./shared-revocations";
import { eventually } from "@/lib/testing/eventually";

const hour = 3_600_000;
const session = (sid: string, issuedAt = Date.now()) => ({ sid, email: "Olive@example.com", issuedAt });
const stores: SharedStore[] = [];
afterAll(() => stores.forEach((store) => (store.client.disconnect(), store.subscriber().disconnect())));

/** One dashboard instance's revocations, connected, subscribed and caught up. */
async function instance(url: string, prefix: string) {
  const store = connectStore(url, prefix);
  stores.push(store);
  const revocations = createSharedRevocations(store);
  await store.connected(2_000);
  // Subscribed when Redis counts this instance's connection among the channel's listeners.
  const listeners = async () =>
    Number(((await store.client.pubsub("NUMSUB", revocationChannel(prefix))) as [string, number])[1]);
  const before = stores.filter((other) => other.prefix === prefix).length;
  await eventually(async () => expect(await listeners()).toBe(before));
  return revocations;
}

describe("shared revocations", () => {
  it("refuses a session signed out on one instance on the other at once, and keeps the key expiring", async () => {
    const prefix = testPrefix();
    const [a, b] = [await instance(testRedisUrl(), prefix), await instance(testRedisUrl(), prefix)];
    const s = session("sid-1");
    expect(await b.isRevoked(s)).toBe(false);
    await a.revokeSession(s.sid, Date.now() + 8 * hour);
    expect(await b.isRevoked(s)).toBe(true);
    expect(await b.isRevoked(session("sid-2"))).toBe(false);
    const raw = new Redis(testRedisUrl());
    const ttl = await raw.pttl(`${prefix}${revocationKeys.sessions}`);
    raw.disconnect();
    expect(ttl).toBeGreaterThan(8 * hour);
  });

  it("ends every earlier session of a person revoked by npm run revoke's write, and only those", async () => {
    const prefix = testPrefix();
    const a = await instance(testRedisUrl(), prefix);
    const before = session("sid-3", Date.now() - 1_000);
    const writer = new Redis(testRedisUrl(), { keyPrefix: prefix });
    await storeUserRevocation(writer, prefix, "olive@example.com");
    writer.disconnect();
    expect(await a.isRevoked(before)).toBe(true);
    expect(await a.isRevoked(session("sid-4", Date.now() + 1_000))).toBe(false);
  });

  describe("while Redis is away", () => {
    let redis: RunningRedis;
    beforeAll(async () => {
      redis = await startRedis();
    });
    afterAll(() => redis.stop());

    it("checks against what each instance knows, and shares the sign-outs it missed when Redis returns", async () => {
      const prefix = testPrefix();
      const [a, b] = [await instance(redis.url, prefix), await instance(redis.url, prefix)];
      const early = session("signed-out-before");
      await a.revokeSession(early.sid, Date.now() + hour);
      // b learns of it from the channel, so it still refuses it with Redis gone.
      await eventually(async () => expect(await b.isRevoked(early)).toBe(true));
      await redis.stop();

      const during = session("signed-out-during");
      await a.revokeSession(during.sid, Date.now() + hour);
      expect(await a.isRevoked(during)).toBe(true);
      expect(await b.isRevoked(early)).toBe(true);
      expect(await b.isRevoked(during)).toBe(false);

      redis = await startRedis(redis.port);
      await vi.waitFor(async () => expect(await b.isRevoked(during)).toBe(true), { timeout: 5_000, interval: 100 });
    });
  });
});
