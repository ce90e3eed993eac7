import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { seedPgliteFolder } from "../../lib/store/pglite-template.mjs";
import { ports } from "../playwright.config";

export interface SpawnedApp {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts another production server on the security upstream with this environment, waits until it listens. */
export async function spawnApp(port: number, env: Record<string, string>): Promise<SpawnedApp> {
  const dir = `.e2e/db/spawned-${port}/db`;
  // An empty store each time, even when .e2e is left from an earlier run (npm test clears it; a direct run does not).
  rmSync(dir, { recursive: true, force: true });
  await seedPgliteFolder(dir, ".e2e/pglite-template");
  const child = spawn("node", ["scripts/server.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      CUSTOMER_API_BASE_URL: `http://127.0.0.1:${ports.securityUpstream}`,
      CUSTOMER_API_TOKEN: process.env.E2E_UPSTREAM_TOKEN ?? "",
      DASHBOARD_AUTH: "",
      DASHBOARD_HOST: "",
      DASHBOARD_USERS_FILE: "",
      DASHBOARD_PUBLIC_URL: "",
      OIDC_ISSUER: "",
      // Ready without the warm-up's renders: these probes time answers to requests, not a first visit.
      WARM_START: "0",
      // Each server its own embedded store: a PGlite folder belongs to one process.
      DATABASE_DIR: dir,
      ...env,
    },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 60_000;
  while (!output.includes('"event":"server_ready"')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
