import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { connectStore } from "../server/shared-store";
import { testPrefix } from "../testing/test-redis";
import { memoryLimiter } from "./limiter";
import type { OidcPending } from "./oidc";
import { claimOidcStart, guardedOidcCallback, reserveOidcStart } from "./oidc-guard";
import { redisLimiter } from "./shared-limiter";
import { guardedSignIn, type OidcLimits, slowdownMs } from "./sign-in-guard";

const windowMs = 300_000;
// A test raises the address's limit to see the account's own at work.
function limits(addressLimit = 5): OidcLimits {
  return {
    accountAtAddress: memoryLimiter({ limit: 5, windowMs }),
    address: memoryLimiter({ limit: addressLimit, windowMs }),
    account: memoryLimiter({ limit: 1_000_000, windowMs }),
    oidcStart: memoryLimiter({ limit: 1, windowMs: 600_000 }),
  };
}
type Sleep = (ms: number) => Promise<unknown>;
const noSleep: Sleep = async () => undefined;
const pending = (): OidcPending => ({ codeVerifier: "v", state: randomUUID(), nonce: "n", next: "/funds" });
const tooMany = { name: "TooManyRequests", status: 429, retryAfterSeconds: expect.any(Number) };

/** One trip through the provider: start, come back, and the allow rules let the person in or not. */
async function signIn(l: OidcLimits, address: string, email: string, allowed: boolean, sleep: Sleep = noSleep) {
  await reserveOidcStart(address, l);
  const claimed = await claimOidcStart(address, pending(), l);
  expect(claimed).not.toBeNull();
  const finish = async (vouched: (email: string) => Promise<void>) => (await vouched(email), allowed ? "token" : null);
  return guardedOidcCallback(address, finish, l, sleep);
}

describe("single sign-on under the sign-in limits", () => {
  it("refuses the 6th unfinished start from one address with 429, Retry-After and local sign-in's message", async () => {
    const l = limits();
    for (let i = 0; i < 5; i++) await reserveOidcStart("10.0.0.1", l);
    const refusal = await reserveOidcStart("10.0.0.1", l).catch((error: unknown) => error);
    expect(refusal).toMatchObject(tooMany);
    const local = await guardedSignIn("olive@example.com", "10.0.0.1", async () => null, l, noSleep).catch((e) => e);
    expect((refusal as Error).message).toBe((local as Error).message);
    await expect(reserveOidcStart("10.0.0.2", l)).resolves.toBeUndefined();
  });

  it("keeps the attempt of a callback that fails: at the provider, or with no pending sign-in", async () => {
    const l = limits();
    for (let i = 0; i < 3; i++) {
      await reserveOidcStart("10.0.0.3", l);
      expect(await claimOidcStart("10.0.0.3", pending(), l)).not.toBeNull();
      const atProvider = guardedOidcCallback("10.0.0.3", () => Promise.reject(new Error("invalid_grant")), l);
      await expect(atProvider).rejects.toThrow("invalid_grant");
    }
    expect(await claimOidcStart("10.0.0.3", null, l)).toBeNull();
    expect(await claimOidcStart("10.0.0.3", null, l)).toBeNull();
    await expect(claimOidcStart("10.0.0.3", null, l)).rejects.toMatchObject(tooMany);
    await expect(reserveOidcStart("10.0.0.3", l)).rejects.toMatchObject(tooMany);
  });

  it("finishes each start once: a replayed pending sign-in is a failed attempt of its own", async () => {
    const l = limits();
    const once = pending();
    await reserveOidcStart("10.0.0.4", l);
    expect(await claimOidcStart("10.0.0.4", once, l)).toBe(once);
    expect(await guardedOidcCallback("10.0.0.4", async (vouched) => (await vouched("ana@example.com"), "t"), l)).toBe(
      "t",
    );
    expect(await claimOidcStart("10.0.0.4", once, l)).toBeNull();
    expect(await l.address.used("10.0.0.4")).toBe(1);
  });

  it("gives back the attempts of a person who signs in: never refused however often", async () => {
    const l = limits();
    for (let i = 0; i < 10; i++) expect(await signIn(l, "10.0.0.5", "ana@example.com", true)).toBe("token");
    expect(await l.address.used("10.0.0.5")).toBe(0);
    expect(await l.account.used("ana@example.com")).toBe(0);
  });

  it("counts a refusal by the allow rules against the vouched-for email at that address: the 6th gets 429", async () => {
    const l = limits(100);
    for (let i = 0; i < 5; i++) expect(await signIn(l, "10.0.0.6", "Mallory@Elsewhere.test", false)).toBeNull();
    await expect(signIn(l, "10.0.0.6", "mallory@elsewhere.test", false)).rejects.toMatchObject(tooMany);
    await expect(
      guardedSignIn("mallory@elsewhere.test", "10.0.0.6", async () => ({}), l, noSleep),
    ).rejects.toMatchObject(tooMany);
    expect(await signIn(l, "10.0.0.6", "ana@example.com", true)).toBe("token");
  });

  it("slows an email refused from many addresses, as local sign-in slows an account", async () => {
    const l = limits();
    for (let i = 0; i < 8; i++) await signIn(l, `10.1.0.${i}`, "mallory@elsewhere.test", false);
    const slept: number[] = [];
    expect(await signIn(l, "192.0.2.7", "mallory@elsewhere.test", true, async (ms) => void slept.push(ms))).toBe(
      "token",
    );
    expect(slept).toEqual([slowdownMs(8)]);
    expect(slowdownMs(8)).toBeGreaterThan(0);
  });

  it("answers 503 with Retry-After, sending nobody to the provider, when the limits cannot be reached", async () => {
    const store = connectStore("redis://127.0.0.1:1", testPrefix());
    const unreachable = redisLimiter(store, "address", { limit: 5, windowMs });
    await expect(reserveOidcStart("10.2.0.1", { ...limits(), address: unreachable })).rejects.toMatchObject({
      name: "ServiceUnavailable",
      status: 503,
      retryAfterSeconds: expect.any(Number),
    });
    store.client.disconnect();
  });
});
