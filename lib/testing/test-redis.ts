import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { missingRedisMessage } from "../../scripts/redis-server.mjs";

/** The unit run's Redis (lib/testing/redis-global-setup.ts); a test that needs it fails, naming the package, without. */
export function testRedisUrl(): string {
  const url = inject("redisUrl");
  if (!url) throw new Error(missingRedisMessage);
  return url;
}

/** A key prefix of the test's own, so test files running at once never share a key. */
export const testPrefix = () => `test-${randomBytes(6).toString("hex")}:`;
