import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { REDIS_SERVER, startRedis } from "../../scripts/redis-server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** A real Redis for the unit tests that need one; "" when redis-server is not installed. */
    redisUrl: string;
  }
}

// One Redis for the whole unit run (each test file writes under its own key prefix), stopped at the end.
export default async function setup(project: TestProject) {
  if (!existsSync(REDIS_SERVER)) {
    project.provide("redisUrl", "");
    return;
  }
  const redis = await startRedis();
  project.provide("redisUrl", redis.url);
  return () => redis.stop();
}
