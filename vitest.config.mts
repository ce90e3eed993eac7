import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { SlowFirstSequencer } from "./lib/testing/slow-first-sequencer";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./", import.meta.url)),
      // "server-only" throws outside a React Server bundle; in unit tests it is a no-op.
      "server-only": fileURLToPath(new URL("./lib/testing/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    include: ["{lib,components,app,scripts}/**/*.test.{ts,tsx}"],
    environment: "node",
    // A real redis-server on a free loopback port for the tests of what instances share, and a throwaway
    // PostgreSQL cluster for the store's.
    globalSetup: [
      "lib/testing/redis-global-setup.ts",
      "lib/testing/postgres-global-setup.ts",
      "lib/store/pglite-template-setup.mjs",
    ],
    testTimeout: 15_000,
    // Most files wait on PostgreSQL, Redis, PGlite or timers rather than the CPU: on the 2-core CI machine vitest's
    // default (one worker per core less one) ran them one at a time, 290 s; three at once take about half of that.
    maxWorkers: 3,
    // As the server runs (scripts/server-flags.mjs): lib/server/heap.ts compacts with the exposed collector.
    execArgv: ["--expose-gc"],
    sequence: { sequencer: SlowFirstSequencer },
  },
});
