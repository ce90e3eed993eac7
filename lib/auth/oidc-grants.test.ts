import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { connectStore, type SharedStore } from "../server/shared-store";
import { testPrefix, testRedisUrl } from "../testing/test-redis";
import { createGrantStore, type OidcGrant, openGrant, sealGrant } from "./oidc-grants";

const secret = "a-test-secret-that-is-at-least-32-characters";
const grant = (groups = ["staff"]): OidcGrant => ({
  sub: "ana",
  groups,
  checkedAt: Date.now(),
  until: Date.now() + 3_600_000,
  accessToken: "access-token-value",
  refreshToken: "refresh-token-value",
});
const stores: SharedStore[] = [];
afterAll(() => stores.forEach((store) => store.client.disconnect()));

async function instance(prefix: string) {
  const store = connectStore(testRedisUrl(), prefix);
  stores.push(store);
  await store.connected(2_000);
  return createGrantStore(store, secret);
}

describe("single sign-on grants", () => {
  it("are sealed: opened only with the session secret", async () => {
    const sealed = await sealGrant(grant(), secret);
    expect(sealed).not.toContain("refresh-token-value");
    expect(await openGrant(sealed, secret)).toMatchObject({
      sub: "ana",
      groups: ["staff"],
      refreshToken: "refresh-token-value",
    });
    expect(await openGrant(sealed, `${secret}-rotated`)).toBeNull();
  });

  it("are shared by every instance through Redis, sealed and expiring with the session", async () => {
    const prefix = testPrefix();
    const [a, b] = [await instance(prefix), await instance(prefix)];
    await a.save("sid-1", grant(["ops"]));
    expect(b.known("sid-1")).toBeUndefined();
    expect((await b.load("sid-1"))?.groups).toEqual(["ops"]);
    expect(b.known("sid-1")?.refreshToken).toBe("refresh-token-value");

    const raw = new Redis(testRedisUrl());
    const [value, ttl] = [await raw.get(`${prefix}oidc-grant:sid-1`), await raw.pttl(`${prefix}oidc-grant:sid-1`)];
    raw.disconnect();
    expect(value).not.toContain("token-value");
    expect(value).not.toContain("ops");
    expect(ttl).toBeGreaterThan(3_500_000);
    expect(ttl).toBeLessThanOrEqual(3_600_000);

    await b.remove("sid-1");
    expect(await a.load("sid-1")).toBeNull();
  });

  it("are asked about by one instance at a time", async () => {
    const prefix = testPrefix();
    const [a, b] = [await instance(prefix), await instance(prefix)];
    const release = await a.lock("sid-2");
    expect(release).not.toBeNull();
    expect(await b.lock("sid-2")).toBeNull();
    await release!();
    const again = await b.lock("sid-2");
    expect(again).not.toBeNull();
    await again!();
  });

  it("without Redis are kept in the store, sealed: a restarted process still knows the session", async () => {
    const { testStore } = await import("../store/server/test-stores");
    const { loadGrant, removeGrant, saveGrant } = await import("../store/server/grants");
    const { store, dispose } = await testStore("pglite");
    try {
      const kept = {
        get: (sid: string) => loadGrant(sid, store),
        set: (sid: string, sealed: string, ttlMs: number) =>
          saveGrant(sid, sealed, new Date(Date.now() + ttlMs), store),
        del: (sid: string) => removeGrant(sid, store),
      };
      await createGrantStore(null, secret, kept).save("sid-1", grant(["ops"]));
      const rows = await store.use(async (_db, pool) => (await pool.query("select sealed from oidc_grants")).rows);
      expect(JSON.stringify(rows)).not.toContain("refresh-token-value");
      // A new process: nothing held in memory, the grant read back from the store.
      const restarted = createGrantStore(null, secret, kept);
      expect(restarted.known("sid-1")).toBeUndefined();
      expect(await restarted.load("sid-1")).toMatchObject({ groups: ["ops"], refreshToken: "refresh-token-value" });
      await restarted.remove("sid-1");
      expect(await createGrantStore(null, secret, kept).load("sid-1")).toBeNull();
    } finally {
      await dispose();
    }
  }, 60_000);
});
