import "server-only";
import { serverEnv } from "../../server/env";
import { processWide } from "../../server/process-wide";
import { sharedStore } from "../../server/shared-store";

// When a Refresh was last let through from each held list: noted before any await, so two at once read once.
const claims = () => processWide("refresh-claims", () => new WeakMap<object, number>());

/**
 * Whether Refresh may read a fund's list again now: not within INVESTOR_LIST_REFRESH_SECONDS of this instance's
 * latest read of it, nor, with Redis, of any instance's Refresh (a key that expires with the interval). With Redis
 * unreachable this instance's own throttle decides: a Refresh costs an upstream read, it is no security limit.
 */
export async function mayRefresh(storeKey: string, latest: { startedAt: number }, now: number): Promise<boolean> {
  const intervalMs = serverEnv().INVESTOR_LIST_REFRESH_SECONDS * 1_000;
  if (now - Math.max(latest.startedAt, claims().get(latest) ?? 0) < intervalMs) return false;
  claims().set(latest, now);
  const store = sharedStore();
  if (!store) return true;
  try {
    // Keyed by the fund's store key (its source's fingerprint and its id): two sources' same id are two funds.
    return (await store.client.set(`refresh:${storeKey}`, String(now), "PX", intervalMs, "NX")) === "OK";
  } catch {
    return true;
  }
}
